#!/usr/bin/env node
// Builds the extsource plugin's server (TypeScript) into src/plugins/extsource/dist/server, which the
// plugin's package.json exports as `strapi-server` (the plugin SDK's layout; Strapi loads it from there).
// `--watch` (npm run develop): rebuilds on every change, then touches the plugin's package.json, which
// makes a running `strapi develop` restart on the new build (it does not watch dist/ folders).
'use strict';

const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const pluginDir = path.resolve(__dirname, '..', 'src', 'plugins', 'extsource');
const tsconfig = path.join(pluginDir, 'server', 'tsconfig.json');
const distDir = path.join(pluginDir, 'dist');

const report = (diagnostic) => console.error(ts.formatDiagnosticsWithColorAndContext([diagnostic], ts.createCompilerHost({})));

function buildOnce() {
  fs.rmSync(distDir, { recursive: true, force: true });
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfig));
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const { emitSkipped, diagnostics } = program.emit();
  const all = [...ts.getPreEmitDiagnostics(program), ...diagnostics];
  all.forEach(report);
  if (emitSkipped || all.length) process.exit(1);
}

function watch() {
  const host = ts.createWatchCompilerHost(tsconfig, {}, ts.sys, ts.createEmitAndSemanticDiagnosticsBuilderProgram, report, (status) =>
    console.log(`extsource build: ${status.messageText}`)
  );
  const afterProgramCreate = host.afterProgramCreate;
  let initial = true; // the build develop.js already made before starting strapi develop
  host.afterProgramCreate = (program) => {
    afterProgramCreate(program);
    if (initial || program.getSyntacticDiagnostics().length || program.getSemanticDiagnostics().length) {
      initial = false;
      return;
    }
    const now = new Date();
    fs.utimesSync(path.join(pluginDir, 'package.json'), now, now);
  };
  ts.createWatchProgram(host);
}

if (process.argv.includes('--watch')) watch();
else buildOnce();
