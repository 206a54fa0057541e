import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';

let loaded: typeof nodemailer | undefined;

/** nodemailer, loaded when the first mail is sent: a start does not need its ~40 modules. */
export function loadNodemailer(): typeof nodemailer {
  return (loaded ??= createRequire(import.meta.url)('nodemailer') as typeof nodemailer);
}
