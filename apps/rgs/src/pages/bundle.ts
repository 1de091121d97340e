import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The game clients are plain TypeScript modules under src/client, bundled once per process with esbuild (on the
 * first request for an asset, then kept in memory): no build step to forget, and the browser gets one small
 * minified file per game. game-math is bundled in, so the pages compute the crash curve and verify rounds with
 * the same code as the server.
 */
const CLIENT_DIR = fileURLToPath(new URL('../client/', import.meta.url));
export const CLIENT_ENTRIES = ['slot', 'dice', 'mines', 'plinko', 'crash'] as const;
export type ClientEntry = (typeof CLIENT_ENTRIES)[number];

/**
 * The style sheets served as one /assets/rgs.css, in cascade order: the tokens and the shared page first, then each
 * game's own rules.
 */
const STYLE_SHEETS = ['page', 'slot', 'dice-mines-plinko', 'crash', 'replay'] as const;

export type Asset = { body: string; contentType: string };

const bundleAll = async (): Promise<Map<string, Asset>> => {
  const result = await build({
    entryPoints: Object.fromEntries(CLIENT_ENTRIES.map((name) => [name, `${CLIENT_DIR}${name}.ts`])),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    outdir: '/out',
    logLevel: 'silent',
  });
  const assets = new Map<string, Asset>();
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    assets.set(name, { body: file.text, contentType: 'text/javascript; charset=utf-8' });
  }
  const css = STYLE_SHEETS.map((name) => readFileSync(`${CLIENT_DIR}styles/${name}.css`, 'utf8')).join('');
  assets.set('rgs.css', { body: css, contentType: 'text/css; charset=utf-8' });
  return assets;
};

let assets: Promise<Map<string, Asset>> | undefined;

export const clientAsset = async (name: string): Promise<Asset | undefined> => {
  assets ??= bundleAll().catch((error: unknown) => {
    assets = undefined;
    throw error;
  });
  return (await assets).get(name);
};
