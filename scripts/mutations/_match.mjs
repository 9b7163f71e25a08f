// Where a mutation's `find` is. Not the exact text: the same words and symbols in the same
// order, whatever the layout between them (line breaks, indentation, a trailing comma prettier
// adds or drops), so reformatting or re-wrapping a line does not make a mutation stale. When the
// text left its file (a file split or a function moved), the one other source file holding it
// exactly once is used, and named, so the list can be brought up to date.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const isWord = (atom) => /^[\w$]/.test(atom);
const CLOSERS = new Set([')', ']', '}']);

/** A global regex matching `find`'s words and symbols, in order, with any layout between. */
export function patternOf(find) {
  const atoms = find.trim().match(/[\w$]+|\S/g) ?? [];
  let source = '';
  atoms.forEach((atom, index) => {
    const next = atoms[index + 1];
    // A trailing comma before a closing bracket may be there or not.
    if (atom === ',' && next !== undefined && CLOSERS.has(next)) return;
    if (index > 0) source += isWord(atoms[index - 1]) && isWord(atom) ? '\\s+' : '\\s*';
    if (CLOSERS.has(atom) && index > 0) source += '(?:,\\s*)?';
    source += escape(atom);
  });
  return new RegExp(source, 'g');
}

/** The spans of `find` in `text`: [{ start, end }]. */
export function spansOf(text, find) {
  return [...text.matchAll(patternOf(find))].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** `text` with its one span of `find` replaced by `replace`. */
export function replaceOnce(text, find, replace) {
  const [span] = spansOf(text, find);
  return text.slice(0, span.start) + replace + text.slice(span.end);
}

let sources;
/** The repository's tracked source files (what a mutation may edit). */
function sourceFiles(root) {
  sources ??= execFileSync('git', ['ls-files', 'apps', 'packages', '*.js', '*.mjs'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|sql)$/.test(file) && !/(^|\/)test\//.test(file));
  return sources;
}

/**
 * Where an edit applies: `{ file, count, movedFrom? }`. Its own file when `find` is there;
 * else the one source file holding it exactly once (`movedFrom` names the listed file).
 */
export function locate(root, edit) {
  const abs = path.join(root, edit.file);
  const count = fs.existsSync(abs) ? spansOf(fs.readFileSync(abs, 'utf8'), edit.find).length : 0;
  if (count > 0) return { file: edit.file, count };
  const holders = sourceFiles(root).filter(
    (file) =>
      fs.existsSync(path.join(root, file)) &&
      spansOf(fs.readFileSync(path.join(root, file), 'utf8'), edit.find).length === 1,
  );
  if (holders.length === 1) return { file: holders[0], count: 1, movedFrom: edit.file };
  return { file: edit.file, count: 0 };
}
