// A progress bar (cli-progress) for the long commands (games, corpus, fuzz, diff --behavior), drawn
// on a terminal only: with no stream (output to a file or a pipe, or CI) there is none.
import { SingleBar } from "cli-progress";

export interface Progress {
  /** `done` of `total` (the total may grow while it runs). */
  update(done: number, total: number): void;
  stop(): void;
}

export function progressBar(stream: NodeJS.WriteStream | null, what: string): Progress | null {
  if (!stream) return null;
  const bar = new SingleBar({ stream, format: `${what} [{bar}] {value}/{total} ({eta_formatted} left)`, hideCursor: true, clearOnComplete: true, etaBuffer: 50 });
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, done);
        started = true;
      } else {
        if (bar.getTotal() !== total) bar.setTotal(total);
        bar.update(done);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
