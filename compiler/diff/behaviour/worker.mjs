// A worker of the behavioural diff's pool (tinypool): TypeScript is loaded through tsx, as the command
// itself is, then each task is handed to worker-task.ts.
import { register } from "tsx/esm/api";

register();
const task = await import("./worker-task.ts");
export default task.default;
