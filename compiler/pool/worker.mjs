// A worker of a pool (./run.ts): TypeScript is loaded through tsx, as the command itself is, then each
// task is handed to the default export of the module the pool names.
import { register } from "tsx/esm/api";
import Tinypool from "tinypool";

register();
const { module } = Tinypool.workerData;
const task = await import(module);
export default task.default;
