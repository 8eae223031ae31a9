#!/usr/bin/env node
/** `sheet-plan <command>`: the Node side of Sheet Plan. */
import path from 'node:path';
import { demoCommand } from './demo/main';
import { mcpCommand } from './mcp/main';
import { startCommand } from './server/main';

/** This file runs as build/cli.js: the package's root is one folder up. */
const PACKAGE_ROOT = path.resolve(__dirname, '..');

const USAGE = `Usage: sheet-plan <command>

Commands:
  start    Run the local emulator: a Sheets stand-in with the sidebar, and the Apps Script API
           (--port N)
  mcp      Serve the plan tools to an MCP client over stdio (--url URL of the sheet's web app; or
           --endpoint URL, --script-id ID for the Apps Script API)
  demo     A scripted agent works through the spec's example plan while you watch the sidebar
           (--fast, --port N, --endpoint URL --script-id ID)

Run "sheet-plan <command> --help" for a command's options; docs/agents.md has the details.
`;

type Command = (args: string[]) => Promise<void>;

/** The built Apps Script files the local emulator runs: the package's own, wherever the command runs from. */
const DIST_DIR = path.join(PACKAGE_ROOT, 'dist');

const COMMANDS: Record<string, Command> = {
  start: (args) => startCommand(args, { distDir: DIST_DIR }),
  mcp: mcpCommand,
  demo: (args) => demoCommand(args, { distDir: DIST_DIR }),
};

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(
      name && name !== '--help' && name !== 'help' ? `Unknown command "${name}".\n\n${USAGE}` : USAGE,
    );
    return name && name !== '--help' && name !== 'help' ? 2 : 0;
  }
  await command(args);
  return 0;
}

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code) process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`sheet-plan: ${error.message}\n`);
    process.exitCode = 1;
  },
);
