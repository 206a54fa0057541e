import { useState } from 'preact/hooks';
import { MediaPicker } from '../media-library';
import { type FieldProps, FieldError, FieldLabel, controlId } from './field-parts';
import { ImagePreview, imageBlock } from './image-block';
import { InlineEditor, hasLinks, newLink, normalizeInline } from './inline-nodes';
import { ItemControls, moveItem } from './item-controls';

type Block = Record<string, any>;

const KINDS = ['paragraph', 'heading', 'quote', 'code', 'list'] as const;

/**
 * Strapi's blocks: paragraphs (with links), headings, quotes, code and lists edited as their text,
 * images picked from the media library; other blocks are kept as they are.
 */
export function BlocksField(props: FieldProps) {
  const blocks: Block[] = Array.isArray(props.value) ? props.value : [];
  const [picking, setPicking] = useState(false);
  const set = (next: Block[]) => props.onChange(next);
  const update = (i: number, block: Block) => set(blocks.map((b, j) => (j === i ? block : b)));
  return (
    <fieldset class="field blocks" id={controlId(props.path)}>
      <FieldLabel props={props} as="legend" />
      {blocks.map((block, i) => {
        const editable = (KINDS as readonly string[]).includes(block['type']);
        const id = `${controlId(props.path)}-${i}`;
        return (
          <div class="block" key={i}>
            <div class="item-header">
              {editable ? (
                <label>
                  <span class="visually-hidden">Block {i + 1} type</span>
                  <select
                    value={block['type'] === 'heading' ? `heading-${block['level'] ?? 2}` : block['type']}
                    onChange={(e) => update(i, retype(block, (e.target as HTMLSelectElement).value))}
                  >
                    <option value="paragraph">Paragraph</option>
                    {[1, 2, 3, 4, 5, 6].map((level) => (
                      <option key={level} value={`heading-${level}`}>
                        Heading {level}
                      </option>
                    ))}
                    <option value="quote">Quote</option>
                    <option value="code">Code</option>
                    <option value="list">List</option>
                  </select>
                </label>
              ) : (
                <span>{block['type'] === 'image' ? 'Image' : `${block['type']} block (kept as it is)`}</span>
              )}
              <ItemControls
                index={i}
                count={blocks.length}
                label={`block ${i + 1}`}
                onMove={(from, to) => set(moveItem(blocks, from, to))}
                onRemove={() => set(blocks.filter((_, j) => j !== i))}
              />
            </div>
            {block['type'] === 'image' && <ImagePreview block={block} />}
            {block['type'] === 'paragraph' && hasLinks(block['children']) && (
              <InlineEditor id={id} label={`Block ${i + 1} text`} children={block['children']} onChange={(children) => update(i, { ...block, children })} />
            )}
            {block['type'] === 'paragraph' && (
              <button type="button" class="link" onClick={() => update(i, { ...block, children: normalizeInline([...(block['children'] ?? []), newLink()]) })}>
                Add a link to block {i + 1}
              </button>
            )}
            {editable && !(block['type'] === 'paragraph' && hasLinks(block['children'])) && (
              <>
                <label for={id} class="visually-hidden">
                  Block {i + 1} text
                </label>
                <textarea
                  id={id}
                  rows={block['type'] === 'code' || block['type'] === 'list' ? 4 : 2}
                  value={textOf(block)}
                  onInput={(e) => update(i, withText(block, (e.target as HTMLTextAreaElement).value))}
                />
              </>
            )}
          </div>
        );
      })}
      <button type="button" class="secondary" onClick={() => set([...blocks, { type: 'paragraph', children: [{ type: 'text', text: '' }] }])}>
        Add a block
      </button>{' '}
      <button type="button" class="secondary" onClick={() => setPicking(true)}>
        Add an image to {props.name}
      </button>
      {picking && (
        <MediaPicker
          title={`Choose an image for ${props.name}`}
          accept={(file) => file.mime.startsWith('image/')}
          onClose={() => setPicking(false)}
          onPick={(file) => {
            set([...blocks, imageBlock(file)]);
            setPicking(false);
          }}
        />
      )}
      <FieldError props={props} />
    </fieldset>
  );
}

function plain(children: any): string {
  return Array.isArray(children) ? children.map((child) => (typeof child?.text === 'string' ? child.text : plain(child?.children))).join('') : '';
}

/** A block's text; a list's items one per line. */
function textOf(block: Block): string {
  if (block['type'] === 'list') return (block['children'] ?? []).map((item: any) => plain(item?.children)).join('\n');
  return plain(block['children']);
}

function withText(block: Block, text: string): Block {
  if (block['type'] === 'list')
    return { ...block, children: text.split('\n').map((line) => ({ type: 'list-item', children: [{ type: 'text', text: line }] })) };
  return { ...block, children: [{ type: 'text', text }] };
}

function retype(block: Block, choice: string): Block {
  const text = textOf(block);
  if (choice.startsWith('heading-')) return withText({ type: 'heading', level: Number(choice.slice(8)) }, text);
  if (choice === 'list') return withText({ type: 'list', format: 'unordered' }, text);
  if (choice === 'code') return withText({ type: 'code', language: 'plaintext' }, text);
  return withText({ type: choice }, text);
}
