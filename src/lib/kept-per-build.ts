/**
 * Answers rendered from one build of something (an index of a catalogue, say), found again from that
 * build: the caller asks with the build that answers now. Each build's answers live beside it (a WeakMap
 * keyed by the build) rather than holding it: a build no longer used is collected with its answers, where
 * an answer kept with a reference to its build kept a whole former index alive until later answers
 * pushed it out (decision 183).
 */
import LRUCache from 'lru-cache';

export class KeptPerBuild<Build extends object, Answer> {
  private readonly builds = new WeakMap<Build, LRUCache<string, Answer>>();

  /** `perBuild`: the answers asked for last that each build keeps. */
  constructor(private readonly perBuild: number) {}

  get(build: Build, key: string): Answer | undefined {
    return this.builds.get(build)?.get(key);
  }

  keep(build: Build, key: string, answer: Answer): Answer {
    let kept = this.builds.get(build);
    if (!kept) {
      kept = new LRUCache<string, Answer>({ max: this.perBuild });
      this.builds.set(build, kept);
    }
    kept.set(key, answer);
    return answer;
  }
}
