// What each side of a diff is: a file, a folder, the project's rules (rules/ less rules/errata/), a
// version of them (a folder of rules/errata/: rules/ with that folder's files in place of the files at
// the same paths), or a git revision of some paths.  Bad input is a UsageError (one line, exit 2).
import { execFileSync } from "node:child_process";
import { basename, join, relative, resolve, sep } from "node:path";
import { errataRoot, expandPath, projectRoot, readSource, rulesRoot, sourceName, substitutedFile, UsageError } from "../sources.ts";

export interface SideFile {
  /** As reported: the file's path, or `REV:path`. */
  readonly name: string;
  /** How it pairs with the other side's files: its path inside the folder or version compared. */
  readonly key: string;
  readonly text: string;
}

export interface Side {
  readonly label: string;
  readonly files: readonly SideFile[];
}

const slash = (p: string) => p.split(sep).join("/");

/** rules/ (less rules/errata/) with the given version files in place of the files they stand for. */
export function versionFiles(overlay: readonly string[]): SideFile[] {
  const replaced = new Map(overlay.map((f) => [substitutedFile(f) ?? join(rulesRoot, basename(f)), f]));
  const base = expandPath(rulesRoot);
  const files = base.map((f) => replaced.get(f) ?? f);
  for (const [target, f] of replaced) if (!base.includes(target)) files.push(f);
  return files.map((f) => {
    const src = readSource(f);
    return { name: src.path, key: slash(relative(rulesRoot, substitutedFile(f) ?? f)), text: src.text };
  });
}

/** Whether a folder is a version: rules/errata/NAME. */
export function isVersionFolder(abs: string): boolean {
  const rel = relative(errataRoot, abs);
  return rel !== "" && !rel.startsWith("..") && !rel.includes(sep);
}

export function sideFromPath(path: string): Side {
  const abs = resolve(path);
  const files = expandPath(path);
  if (abs === rulesRoot) return { label: sourceName(abs), files: versionFiles([]) };
  if (abs === errataRoot) throw new UsageError(`${path} holds versions of the rules; name one of its folders`);
  if (isVersionFolder(abs)) return { label: sourceName(abs), files: versionFiles(files) };
  if (files.length === 1 && files[0] === abs) {
    const src = readSource(abs);
    return { label: src.path, files: [{ name: src.path, key: "", text: src.text }] };
  }
  return {
    label: sourceName(abs),
    files: files.map((f) => {
      const src = readSource(f);
      return { name: src.path, key: slash(relative(abs, f)), text: src.text };
    }),
  };
}

function git(args: readonly string[]): string {
  try {
    return execFileSync("git", args, { cwd: projectRoot, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? "").trim().split("\n")[0];
    throw new UsageError(`git ${args.join(" ")}: ${stderr || "failed"}`);
  }
}

/** The .l5r files of `paths` (default rules/, less rules/errata/) as they were at `rev`. */
export function sideFromGit(rev: string, paths: readonly string[]): Side {
  if (rev.startsWith("-")) throw new UsageError(`'${rev}' is not a revision`);
  const commit = git(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]).trim();
  if (!commit) throw new UsageError(`no such revision: ${rev}`);
  const wanted = paths.length ? paths.map((p) => slash(relative(projectRoot, resolve(p))) || ".") : ["rules"];
  const leaveOutErrata = paths.length === 0;
  const listed = git(["ls-tree", "-r", "--name-only", commit, "--", ...wanted]).split("\n").filter((f) => f.endsWith(".l5r"));
  const files = listed
    .filter((f) => !(leaveOutErrata && f.startsWith("rules/errata/")))
    .map((f) => ({ name: `${rev}:${f}`, key: f, text: git(["show", `${commit}:${f}`]) }));
  return { label: rev, files };
}
