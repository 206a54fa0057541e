import { useState } from 'preact/hooks';
import { MediaPicker } from '../media-library';
import { type FieldProps, FieldError, FieldLabel, controlId } from './field-parts';
import { ImagePreview, imageBlock } from './image-block';
import { InlineEditor, isPlainInline, newLink, normalizeInline } from './inline-nodes';
import { ItemControls } from './item-controls';

type Block = Record<string, any>;

const KINDS = ['paragraph', 'heading', 'quote', 'code', 'list'] as const;
/** Blocks whose children are inline nodes (text runs, links). */
const INLINE = new Set(['paragraph', 'heading', 'quote']);

/** Whether a block is edited as one text: nothing in it (links, marks, nested lists) would be lost by that. */
function isPlainBlock(block: Block): boolean {
  if (block['type'] === 'list')
    return Array.isArray(block['children']) && block['children'].every((item: Block) => item?.type === 'list-item' && isPlainInline(item['children']));
  return block['type'] === 'code' || isPlainInline(block['children']);
}

/**
 * Strapi's blocks: paragraphs, headings, quotes, code and lists edited as their text, or piece by
 * piece when they hold links or formatted runs (kept as they are); images picked from the media
 * library; other blocks are kept as they are.
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
              <ItemControls items={blocks} index={i} label={`block ${i + 1}`} onChange={set} />
            </div>
            {block['type'] === 'image' && <ImagePreview block={block} />}
            {editable && !isPlainBlock(block) && INLINE.has(block['type']) && (
              <InlineEditor id={id} label={`Block ${i + 1} text`} children={block['children']} onChange={(children) => update(i, { ...block, children })} />
            )}
            {editable &&
              !isPlainBlock(block) &&
              block['type'] === 'list' &&
              (block['children'] as Block[]).map((item, j) =>
                item?.type === 'list-item' ? (
                  <InlineEditor
                    key={j}
                    id={`${id}-item-${j}`}
                    label={`Block ${i + 1} item ${j + 1}`}
                    children={item['children'] ?? []}
                    onChange={(children) =>
                      update(i, { ...block, children: block['children'].map((it: Block, k: number) => (k === j ? { ...it, children } : it)) })
                    }
                  />
                ) : (
                  <span key={j} class="muted">
                    {String(item?.type)} (kept as it is)
                  </span>
                ),
              )}
            {INLINE.has(block['type']) && (
              <button type="button" class="link" onClick={() => update(i, { ...block, children: normalizeInline([...(block['children'] ?? []), newLink()]) })}>
                Add a link to block {i + 1}
              </button>
            )}
            {editable && isPlainBlock(block) && (
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
  // Between paragraph, heading and quote the inline nodes (links, marks) stay as they are.
  const kind = choice.startsWith('heading-') ? 'heading' : choice;
  if (INLINE.has(block['type']) && INLINE.has(kind)) {
    const { type: _type, level: _level, ...rest } = block;
    return kind === 'heading' ? { type: kind, level: Number(choice.slice(8)), ...rest } : { type: kind, ...rest };
  }
  const text = textOf(block);
  if (choice.startsWith('heading-')) return withText({ type: 'heading', level: Number(choice.slice(8)) }, text);
  if (choice === 'list') return withText({ type: 'list', format: 'unordered' }, text);
  if (choice === 'code') return withText({ type: 'code', language: 'plaintext' }, text);
  return withText({ type: choice }, text);
}
