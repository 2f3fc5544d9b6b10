// `tsx test/cluster/cluster-cli.ts start|stop FILE`: runs one control plane for a whole test run
// (scripts/test-all.js) so that every suite shares it. `start` prints the state file's path.
// tsx finds the main process's aliases (@i18n, which the audit setup imports) in tsconfig.json;
// without them `stop` failed with ERR_MODULE_NOT_FOUND before it read its arguments.
import { existsSync, writeFileSync } from 'node:fs'
import { readClusterInfo, startControlPlane, stopControlPlane } from './control-plane'

const [command, file, keepLogs] = process.argv.slice(2)
if (command === 'start' && file) {
  const info = await startControlPlane()
  writeFileSync(file, JSON.stringify(info, null, 2))
  console.log(file)
} else if (command === 'stop' && file) {
  if (!existsSync(file)) {
    console.error(`cluster-cli.ts stop: no state file ${file} (the path \`start\` printed)`)
    process.exit(2)
  }
  stopControlPlane(readClusterInfo(file), keepLogs)
} else {
  console.error('usage: cluster-cli.ts start STATE_FILE | stop STATE_FILE [KEEP_LOGS_DIR]')
  process.exit(2)
}
