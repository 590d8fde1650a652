#!/usr/bin/env node
// Moves packages/core/src into the concept folders of scripts/core-layout/layout.json (issue 13).
//
//   node scripts/core-layout/apply.mjs            apply (git mv, rewrite imports, write barrels)
//   node scripts/core-layout/apply.mjs --dry-run  print what it would do, touch nothing
//
// What it does, in order:
//   1. Lists every .ts file under packages/core/src (flat or already in a folder) and FAILS, listing
//      them, if any is not mapped in layout.json (a test not listed follows its subject file).
//   2. Parses every core file, bench/ and src/testing + src/test-support with the TypeScript parser
//      and resolves each relative import / export-from / import('…') type to the file it names
//      (through a folder's index.ts to the file that provides each name, so a re-run works).
//   3. Moves files with `git mv`, rewrites each relative specifier: same folder → './file.js';
//      another folder, src/index.ts, testing/, test-support/, bench/ → '<folder>/index.js'.
//   4. Writes each folder's index.ts: the folder's comment from layout.json, then exactly the names
//      other folders, the package entry, testing/, test-support/ and bench/ import (values with
//      `export {}`, types with `export type {}`).
// Idempotent: on a migrated tree it moves nothing and rewrites barrels to what is used now.
// It does not touch packages/core/README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const dryRun = process.argv.includes('--dry-run');
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const core = path.join(repo, 'packages/core');
const src = path.join(core, 'src');
const layout = JSON.parse(readFileSync(path.join(here, 'layout.json'), 'utf8'));
const order = layout.order;
const folderSet = new Set(order);
const stay = layout.stay ?? ['index.ts', 'testing/', 'test-support/'];

function fail(message, items = []) {
  console.error(`core-layout: ${message}`);
  for (const item of items) console.error(`  - ${item}`);
  process.exit(1);
}

for (const folder of Object.values(layout.files)) if (!folderSet.has(folder)) fail(`layout.json maps a file to unknown folder "${folder}"`);

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(src, file).split(path.sep).join('/');
const isStay = (r) => stay.some((s) => (s.endsWith('/') ? r.startsWith(s) : r === s));
const isBarrel = (r) => {
  const parts = r.split('/');
  return parts.length === 2 && folderSet.has(parts[0]) && parts[1] === 'index.ts';
};

// 1. Every core file and its folder.
const allSrc = walk(src);
const nonTs = allSrc.filter((f) => !f.endsWith('.ts')).map(rel);
if (nonTs.length > 0) fail('files that are not .ts under packages/core/src (map or move them by hand):', nonTs);
const moving = new Map(); // absolute current path → absolute new path
const folderOf = new Map(); // absolute current path → folder
const unmapped = [];
const followed = [];
const seenNames = new Map();
for (const file of allSrc) {
  const r = rel(file);
  if (isStay(r) || isBarrel(r)) continue;
  const name = path.basename(file);
  if (seenNames.has(name)) fail(`two core files named ${name}:`, [seenNames.get(name), r]);
  seenNames.set(name, r);
  let folder = layout.files[name];
  if (folder === undefined && /\.test(-d)?\.ts$/.test(name)) {
    folder = layout.files[`${name.split('.')[0]}.ts`];
    if (folder !== undefined) followed.push(`${r} → ${folder}/ (follows its subject)`);
  }
  if (folder === undefined) {
    unmapped.push(r);
    continue;
  }
  folderOf.set(file, folder);
  moving.set(file, path.join(src, folder, name));
}
if (unmapped.length > 0) fail(`${unmapped.length} core file(s) not in scripts/core-layout/layout.json; add each to "files" with its folder:`, unmapped);
for (const line of followed) console.log(`core-layout: note: ${line}`);

// Files whose imports are rewritten but which do not move.
const consumers = allSrc.filter((f) => isStay(rel(f)));
const benchDir = path.join(core, 'bench');
if (existsSync(benchDir)) consumers.push(...walk(benchDir).filter((f) => f.endsWith('.ts')));
const barrels = allSrc.filter((f) => isBarrel(rel(f)));
const newPath = (file) => moving.get(file) ?? file;
const newFolder = (file) => folderOf.get(file) ?? (barrels.includes(file) ? rel(file).split('/')[0] : undefined);

// 2. Parse.
const parsed = new Map();
function parse(file) {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    parsed.set(file, sf);
  }
  return sf;
}

function resolveSpecifier(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, path.join(base, 'index.ts')];
  for (const candidate of candidates) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  // A file written against the flat layout (a branch rebased after the move): './session-log.js'
  // still names the one core file of that name, wherever it now is.
  const name = path.basename(spec).replace(/\.js$/, '.ts');
  if (seenNames.has(name) && name !== 'index.ts') return path.join(src, seenNames.get(name));
  return undefined;
}

/** Every relative module specifier in a file, with the names it takes ('*' for all). */
function specifiers(file) {
  const sf = parse(file);
  const found = [];
  const add = (literal, names, typeOnly) => {
    if (literal && ts.isStringLiteralLike(literal) && literal.text.startsWith('.')) found.push({ literal, names, typeOnly });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const names = [];
      const clause = node.importClause;
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      add(node.moduleSpecifier, names, Boolean(clause?.isTypeOnly));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const names = [];
      if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) names.push('*');
      else for (const el of node.exportClause.elements) names.push((el.propertyName ?? el.name).text);
      add(node.moduleSpecifier, names, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      let qualifier = node.qualifier;
      while (qualifier && ts.isQualifiedName(qualifier)) qualifier = qualifier.left;
      add(node.argument.literal, [qualifier ? qualifier.text : '*'], true);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isMock = ts.isPropertyAccessExpression(callee) && ['mock', 'doMock', 'importActual', 'importMock', 'unmock'].includes(callee.name.text);
      if (isImport || isMock) add(node.arguments[0], ['*'], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Names a file exports: name → { kind: 'value' | 'type', via: file that provides it one hop away }. */
const exportCache = new Map();
function exportsOf(file, stack = []) {
  if (exportCache.has(file)) return exportCache.get(file);
  if (stack.includes(file)) return new Map();
  const sf = parse(file);
  const out = new Map();
  const local = new Map(); // local declarations: name → kind
  const imported = new Map(); // local name → { file, name }
  for (const st of sf.statements) {
    const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    const declare = (name, kind) => {
      local.set(name, kind === 'value' || local.get(name) === 'value' ? 'value' : 'type');
      if (exported) out.set(isDefault ? 'default' : name, { kind: local.get(name), via: file });
    };
    if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) declare(st.name.text, 'type');
    else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) declare(st.name.text, 'value');
    else if (ts.isModuleDeclaration(st) && ts.isIdentifier(st.name)) declare(st.name.text, 'value');
    else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) declare(d.name.text, 'value');
    } else if (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) {
      const target = ts.isStringLiteral(st.moduleSpecifier) && st.moduleSpecifier.text.startsWith('.') ? resolveSpecifier(file, st.moduleSpecifier.text) : undefined;
      for (const el of st.importClause.namedBindings.elements) if (target) imported.set(el.name.text, { file: target, name: (el.propertyName ?? el.name).text });
    }
  }
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st)) continue;
    const target = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolveSpecifier(file, st.moduleSpecifier.text) : undefined;
    if (st.moduleSpecifier && !target) continue;
    if (!st.exportClause || ts.isNamespaceExport(st.exportClause)) {
      if (target && !st.exportClause) for (const [name, info] of exportsOf(target, [...stack, file])) out.set(name, { kind: info.kind, via: target });
      continue;
    }
    for (const el of st.exportClause.elements) {
      const from = (el.propertyName ?? el.name).text;
      const typeOnly = st.isTypeOnly || el.isTypeOnly;
      if (target) {
        const info = exportsOf(target, [...stack, file]).get(from);
        out.set(el.name.text, { kind: typeOnly ? 'type' : (info?.kind ?? 'value'), via: target, as: from });
      } else if (local.has(from)) out.set(el.name.text, { kind: typeOnly ? 'type' : local.get(from), via: file });
      else if (imported.has(from)) {
        const { file: f, name } = imported.get(from);
        const info = exportsOf(f, [...stack, file]).get(name);
        out.set(el.name.text, { kind: typeOnly ? 'type' : (info?.kind ?? 'value'), via: file });
      }
    }
  }
  exportCache.set(file, out);
  return out;
}

/** The file a name really comes from (following re-exports), to tell two providers of one name apart. */
function originOf(file, name, depth = 0) {
  const info = exportsOf(file).get(name);
  if (!info || info.via === file || depth > 20) return `${file}#${name}`;
  return originOf(info.via, info.as ?? name, depth + 1);
}

// 3. Plan the rewrites.
const toJs = (p) => p.replace(/\.ts$/, '.js');
function relativeSpec(fromNew, toNew) {
  let r = path.relative(path.dirname(fromNew), toNew).split(path.sep).join('/');
  if (!r.startsWith('.')) r = `./${r}`;
  return toJs(r);
}

const required = new Map(order.map((f) => [f, new Map()])); // folder → name → { file (new path), origin }
const edits = new Map(); // file → [{ start, end, text }]
const problems = [];
const folderEdges = new Map();

function requireName(folder, name, provider, where) {
  const names = required.get(folder);
  const origin = originOf(provider, name);
  const existing = names.get(name);
  if (existing && existing.origin !== origin) problems.push(`${where}: "${name}" comes from two files of ${folder}/: ${rel(existing.file)} and ${rel(provider)}`);
  // Prefer the file that declares the name over one that re-exports it.
  else if (!existing || origin === `${provider}#${name}`) names.set(name, { file: provider, origin });
}

for (const file of [...moving.keys(), ...consumers]) {
  const fromNew = newPath(file);
  const fromFolder = folderOf.get(file);
  for (const { literal, names } of specifiers(file)) {
    const where = `${rel(file)} ('${literal.text}')`;
    const target = resolveSpecifier(file, literal.text);
    if (!target) {
      problems.push(`${where}: cannot resolve`);
      continue;
    }
    const targetIsBarrel = barrels.includes(target);
    const targetFolder = newFolder(target);
    let spec;
    if (targetFolder === undefined) spec = relativeSpec(fromNew, target); // package entry, testing/, test-support/
    else {
      // The file(s) providing the names (a barrel is looked through).
      const providers = new Map();
      for (const name of names) {
        let provider = target;
        if (targetIsBarrel) {
          if (name === '*') {
            problems.push(`${where}: 'import *' through a folder index cannot be resolved; import names`);
            continue;
          }
          const info = exportsOf(target).get(name);
          if (!info) {
            problems.push(`${where}: ${rel(target)} does not export "${name}"`);
            continue;
          }
          provider = info.via;
        }
        providers.set(name, provider);
      }
      if (fromFolder === targetFolder) {
        const distinct = new Set(providers.values());
        if (distinct.size > 1) {
          problems.push(`${where}: imports its own folder's index.ts for names from several files; split it by hand`);
          continue;
        }
        const provider = distinct.size === 1 ? [...distinct][0] : target;
        spec = relativeSpec(fromNew, newPath(provider));
      } else {
        for (const [name, provider] of providers) {
          if (name === '*') {
            for (const n of exportsOf(provider).keys()) requireName(targetFolder, n, provider, where);
          } else requireName(targetFolder, name, provider, where);
        }
        spec = relativeSpec(fromNew, path.join(src, targetFolder, 'index.ts'));
        if (fromFolder !== undefined && !/\.test(-d)?\.ts$/.test(file)) {
          const key = `${fromFolder} → ${targetFolder}`;
          if (order.indexOf(fromFolder) < order.indexOf(targetFolder)) folderEdges.set(key, [...(folderEdges.get(key) ?? []), rel(file)]);
        }
      }
    }
    if (spec !== literal.text) {
      const list = edits.get(file) ?? [];
      const start = literal.getStart() + 1;
      list.push({ start, end: start + literal.text.length, text: spec });
      edits.set(file, list);
    }
  }
}
if (problems.length > 0) fail(`${problems.length} import(s) it cannot migrate:`, problems);
for (const [edge, files] of folderEdges) console.warn(`core-layout: warning: upward import ${edge} in ${[...new Set(files)].join(', ')}`);

// 4. Barrels.
function barrelText(folder) {
  const byFile = new Map();
  for (const [name, { file }] of required.get(folder)) {
    const kind = exportsOf(file).get(name)?.kind ?? 'value';
    const entry = byFile.get(file) ?? { value: [], type: [] };
    entry[kind].push(name);
    byFile.set(file, entry);
  }
  const about = (layout.folders[folder]?.about ?? '').split('\n').map((l) => `// ${l}`.trimEnd());
  const lines = [...about, '// Public surface of this folder: other folders import it only through this file. Generated by', '// scripts/core-layout/apply.mjs (the names other folders and the package entry use).', ''];
  const sortNames = (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1);
  for (const file of [...byFile.keys()].sort((a, b) => path.basename(a).localeCompare(path.basename(b)))) {
    const spec = `./${path.basename(toJs(newPath(file)))}`;
    const { value, type } = byFile.get(file);
    if (value.length > 0) lines.push(`export { ${value.sort(sortNames).join(', ')} } from '${spec}';`);
    if (type.length > 0) lines.push(`export type { ${type.sort(sortNames).join(', ')} } from '${spec}';`);
  }
  if (byFile.size === 0) lines.push('export {};');
  return `${lines.join('\n')}\n`;
}

const barrelTexts = new Map(order.map((folder) => [folder, barrelText(folder)]));

// 5. Apply.
const moves = [...moving].filter(([from, to]) => from !== to);
if (dryRun) {
  for (const [from, to] of moves) console.log(`git mv ${rel(from)} ${rel(to)}`);
  console.log(`core-layout: ${moves.length} move(s), ${edits.size} file(s) with rewritten imports`);
  for (const folder of order) console.log(`--- ${folder}/index.ts\n${barrelTexts.get(folder)}`);
  process.exit(0);
}
const texts = new Map();
for (const [file, list] of edits) {
  let text = parse(file).getFullText();
  for (const { start, end, text: replacement } of list.sort((a, b) => b.start - a.start)) text = text.slice(0, start) + replacement + text.slice(end);
  texts.set(file, text);
}
for (const [from, to] of moves) {
  mkdirSync(path.dirname(to), { recursive: true });
  execFileSync('git', ['mv', from, to], { cwd: repo, stdio: 'inherit' });
}
for (const [file, text] of texts) writeFileSync(newPath(file), text);
for (const folder of order) {
  const file = path.join(src, folder, 'index.ts');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, barrelTexts.get(folder));
}
execFileSync('git', ['add', '--', ...order.map((f) => path.join(src, f, 'index.ts'))], { cwd: repo });
console.log(`core-layout: moved ${moves.length} file(s), rewrote imports in ${texts.size} file(s), wrote ${order.length} index.ts barrels`);
