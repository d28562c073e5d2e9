// Builds for the benchmark: a command's time and the peak memory of its whole process tree, and a copy of the
// project with thousands of generated posts.
import { spawn } from "child_process";
import { cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "fs";
import os from "os";
import path from "path";

/** Runs a command, sampling the memory of its whole process tree; resolves with seconds and peak MB (PSS, RSS). */
export function measured(command, commandArgs, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const log = path.join(os.tmpdir(), `tidewell-bench-build-${Date.now()}.log`);
    const out = openSync(log, "w");
    const child = spawn(command, commandArgs, { stdio: ["ignore", out, out], ...options });
    let peak = 0;
    let peakRss = 0;
    const sample = () => {
      const children = new Map();
      for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
          children.set(Number(pid), ppid);
        } catch {
          // the process ended while we looked
        }
      }
      const tree = new Set([child.pid]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const [pid, ppid] of children) {
          if (tree.has(ppid) && !tree.has(pid)) {
            tree.add(pid);
            grew = true;
          }
        }
      }
      // PSS shares each page among the processes mapping it: Gatsby's main process and its worker map the same
      // LMDB store and libraries, which a sum of RSS would count twice. Both sums are reported.
      let pss = 0;
      let rss = 0;
      for (const pid of tree) {
        try {
          pss += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
          rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
        } catch {
          // gone
        }
      }
      peak = Math.max(peak, pss);
      peakRss = Math.max(peakRss, rss);
    };
    // once a second is enough for peaks that last many seconds; reading smaps_rollup walks a process's page
    // tables, CPU the measured build would otherwise have
    const timer = setInterval(sample, 1000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`${command} ${commandArgs.join(" ")} exited with ${code}; see ${log}`));
      else
        resolve({
          seconds: Math.round((performance.now() - started) / 100) / 10,
          peakMB: Math.round(peak / 1024),
          peakRssMB: Math.round(peakRss / 1024),
        });
    });
  });
}

/** A copy of the project whose content has `count` extra generated posts; everything else is linked. */
export function growthProject(root, count) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `tidewell-bench-${count}-`));
  // Gatsby compiles its config from real paths, so the project's own files are copied; only node_modules is linked
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  for (const name of [
    "src",
    "scripts",
    "static",
    "netlify",
    "package.json",
    "tsconfig.json",
    "gatsby-config.ts",
    "gatsby-node.ts",
    "gatsby-browser.tsx",
    "gatsby-ssr.tsx",
  ])
    if (existsSync(path.join(root, name))) cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  cpSync(path.join(root, "content"), path.join(dir, "content"), { recursive: true });
  const blog = path.join(dir, "content", "blog");
  const paragraph =
    "Salesforce teams that plan their data model before building automation spend less on rework. ".repeat(8);
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10);
    writeFileSync(
      path.join(blog, `bench-post-${i}.md`),
      `---\ntitle: "Benchmark post ${i}"\ndate: ${day}\nauthor: "Priya Raman"\ntags:\n  - salesforce\n  - topic-${i % 20}\ncover: ./images/data-cloud-first-90-days.jpg\ncoverAlt: "Abstract illustration"\ndescription: "A generated post for measuring how the build grows with the number of posts on the site, number ${i}."\n---\n\n## Section\n\n${paragraph}\n\n## Another section\n\n${paragraph}\n`,
    );
  }
  return dir;
}
