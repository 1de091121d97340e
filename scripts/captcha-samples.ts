import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomCaptchaText, renderCaptchaPng } from '@platform/server';

/**
 * Draws captchas as the server sends them, for a person to read (ADR 0021): the pictures go to `<dir>`, their
 * answers to a separate file, so the reader sees a picture before its answer.
 * Usage: tsx scripts/captcha-samples.ts <dir> <answers-file> [count]
 */
const [dir = 'docs/screenshots/captcha', answersFile = join(dir, 'answers.txt'), count = '10'] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
const answers: string[] = [];
for (let i = 1; i <= Number(count); i += 1) {
  const name = `captcha-${String(i).padStart(2, '0')}.png`;
  const text = randomCaptchaText();
  writeFileSync(join(dir, name), await renderCaptchaPng(text));
  answers.push(`${name} ${text}`);
}
writeFileSync(answersFile, `${answers.join('\n')}\n`);
