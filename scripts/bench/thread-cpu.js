// The CPU a process's main thread (the one that answers visitors) has run, from the kernel's scheduler
// statistics: what the app's own work asks of that thread, which depends less on the machine's other
// work than a latency does.
'use strict';

const fs = require('fs');

/** CPU seconds the main thread of `pid` has run so far; null where /proc has no such file (not Linux). */
function mainThreadCpuS(pid = process.pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return null;
  }
}

module.exports = { mainThreadCpuS };
