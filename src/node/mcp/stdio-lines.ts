/**
 * MCP's stdio transport (https://modelcontextprotocol.io/specification, "Transports"): JSON-RPC messages on stdin and
 * stdout, one per line, UTF-8, never a newline inside one. Each line is answered as soon as its answer is ready (a slow
 * tool call does not hold up a ping); an empty answer (a notification) writes nothing. Small enough that the CLI needs
 * no MCP package at run time.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** Answers each line of `input` on `output` until the input ends and every answer is written. */
export async function serveLines(
  answer: (line: string) => Promise<string>,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Promise<void> {
  const pending = new Set<Promise<void>>();
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const answered = answer(line).then((text) => {
      if (text !== '') output.write(`${text}\n`);
    });
    pending.add(answered);
    void answered.finally(() => pending.delete(answered));
  }
  await Promise.all(pending);
}
