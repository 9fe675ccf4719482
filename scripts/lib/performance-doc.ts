import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const PERFORMANCE_DOC = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));

/**
 * Replaces one "## Title" section of docs/performance.md with `section` (which starts with that
 * heading), or appends it. The file is re-read just before writing: each benchmark owns only its
 * own section, and hand-written sections stay as they are.
 */
export async function writePerformanceSection(title: string, section: string): Promise<void> {
  const heading = `## ${title}\n`;
  const current = await readFile(PERFORMANCE_DOC, 'utf8').catch(() => '# Performance\n');
  const start = current.indexOf(heading);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const after = current.indexOf('\n## ', start + heading.length - 1);
    next = `${current.slice(0, start)}${section.trimEnd()}\n${after === -1 ? '' : `\n${current.slice(after + 1)}`}`;
  }
  await writeFile(PERFORMANCE_DOC, `${next.trimEnd()}\n`);
  console.log(`wrote the ${title} section of docs/performance.md`);
}
