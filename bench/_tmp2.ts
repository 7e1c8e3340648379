import { readFileSync, statSync } from 'node:fs';
import { filesOf, screens } from './bundle.ts';
const load = (d: string) => JSON.parse(readFileSync(`${d}/.vite/manifest.json`, 'utf8'));
const strip = (f: string) => f.replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '');
const scr = process.argv[2] as 'login';
const sizes = (d: string) => { const m = load(d); return new Map([...filesOf(m, screens(m)[scr])].map((f) => [strip(f), statSync(`${d}/${f}`).size])); };
const a = sizes('/work/main/dist'), b = sizes('/work/wt-members/dist');
for (const k of new Set([...a.keys(), ...b.keys()])) { const d = (b.get(k) ?? 0) - (a.get(k) ?? 0); if (d) console.log(k, a.get(k), b.get(k), d); }
