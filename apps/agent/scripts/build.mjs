// Builds dist/brezza-agent: ONE Linux x86-64 executable that needs no Node.js on the target.
// It is a Node.js single executable application (SEA): the agent bundled into one CommonJS file
// by esbuild, turned into a blob by `node --experimental-sea-config`, and injected with postject
// into a copy of the Node binary running this build (its symbols stripped first when `strip`
// exists: about 86 MB instead of 99 MB). The target needs only glibc and libstdc++, like Node.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const agentDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const distDir = path.join(agentDir, 'dist');
const output = path.join(distDir, 'brezza-agent');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  // The executable copies the Node binary running the build: only Linux x86-64 makes one that
  // operators' servers can run. Elsewhere the server answers 404 for the download.
  console.warn(
    `agent: not built on ${process.platform}-${process.arch}; build on Linux x86-64 to serve the installer.`,
  );
  process.exit(0);
}

const nodeBinary = process.execPath;
if (!fs.readFileSync(nodeBinary).includes(SEA_FUSE)) {
  console.error(
    `agent: ${nodeBinary} has no single-executable fuse; use an official Node.js 20 build.`,
  );
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'brezza-agent-build-'));
try {
  const bundle = path.join(work, 'agent.cjs');
  await build({
    entryPoints: [path.join(agentDir, 'src/main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    conditions: ['source'],
    outfile: bundle,
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });

  const blob = path.join(work, 'agent.blob');
  const seaConfig = path.join(work, 'sea-config.json');
  fs.writeFileSync(
    seaConfig,
    JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true }),
  );
  execFileSync(nodeBinary, ['--experimental-sea-config', seaConfig], { stdio: 'ignore' });

  const executable = path.join(work, 'brezza-agent');
  fs.copyFileSync(nodeBinary, executable);
  fs.chmodSync(executable, 0o755);
  try {
    execFileSync('strip', ['--strip-all', executable], { stdio: 'ignore' });
  } catch {
    console.warn('agent: strip is not available; the executable keeps its symbols.');
  }
  const postject = path.join(
    path.dirname(fileURLToPath(import.meta.resolve('postject'))),
    'cli.js',
  );
  execFileSync(
    nodeBinary,
    [postject, executable, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE],
    { stdio: 'ignore' },
  );

  // Proves the result runs before it replaces the served file.
  const version = execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
  fs.mkdirSync(distDir, { recursive: true });
  const temp = `${output}.${process.pid}.tmp`;
  fs.copyFileSync(executable, temp);
  fs.renameSync(temp, output);
  const size = (fs.statSync(output).size / 1e6).toFixed(1);
  console.log(`agent: built ${path.relative(process.cwd(), output)} (${version}, ${size} MB)`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
