/*
 * slices.js: long work in the page cut into slices, so that the page never
 * has a long task (the browsers' threshold is 50 ms) and can be cancelled.
 * Runs in the tab's isolated world (content bundle, before content.js);
 * defines `globalThis.wceSlices` = {createTask, Cancelled, SLICE_MS}.
 *
 * A task is one highlight run: the code asks task.pause() between small
 * steps; once SLICE_MS have passed since the slice began, pause() yields to
 * the page (scheduler.yield where there is one, else a message-channel
 * task, which is not throttled like setTimeout) and, back from the yield,
 * throws Cancelled if the task was cancelled meanwhile. So a cancel takes
 * effect within one slice, and no step of the run sees a half-cancelled state.
 */
(function (root) {
  'use strict';
  // Under the 50 ms long-task threshold with room for the step that crosses it.
  const SLICE_MS = 25;

  class Cancelled extends Error {
    constructor() {
      super('cancelled');
      this.name = 'Cancelled';
    }
  }

  function yieldToPage() {
    const s = root.scheduler;
    if (s && typeof s.yield === 'function') {
      try { return s.yield(); } catch (e) { /* fall through */ }
    }
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
      ch.port2.postMessage(null);
    });
  }

  // onProgress(phase, done, total): called at each yield with the task's last
  // reported position (task.at), so that the caller can show it.
  function createTask(onProgress) {
    const now = () => performance.now();
    let cancelled = false;
    let rejectWaits = null;
    const cancellation = new Promise((resolve, reject) => { rejectWaits = reject; });
    cancellation.catch(() => { /* seen by race() */ });
    let sliceStart = now();
    let longest = 0;
    let slices = 1;
    let at = null;
    const task = {
      get cancelled() { return cancelled; },
      cancel() {
        if (cancelled) return;
        cancelled = true;
        rejectWaits(new Cancelled());
      },
      // Waits for p (work in another process: the labels), or throws
      // Cancelled as soon as the task is cancelled.
      race(p) {
        task.check();
        return Promise.race([p, cancellation]);
      },
      check() { if (cancelled) throw new Cancelled(); },
      due() { return now() - sliceStart >= SLICE_MS; },
      // Where the work is: shown at the next yield.
      at(phase, done, total) { at = { phase, done, total }; },
      // Yields if the slice is used up (or always, with force).
      async pause(force) {
        task.check();
        const spent = now() - sliceStart;
        if (force !== true && spent < SLICE_MS) return;
        if (spent > longest) longest = spent;
        if (at && typeof onProgress === 'function') {
          try { onProgress(at.phase, at.done, at.total); } catch (e) { /* progress is best effort */ }
        }
        await yieldToPage();
        slices++;
        sliceStart = now();
        task.check();
      },
      // Ends the current slice's accounting (the work is done, or waits for
      // another process: that wait is not a slice).
      rest() {
        const spent = now() - sliceStart;
        if (spent > longest) longest = spent;
      },
      restart() { sliceStart = now(); },
      stats() { return { slices, longestSliceMs: Math.round(longest * 10) / 10 }; },
    };
    return task;
  }

  root.wceSlices = { createTask, Cancelled, SLICE_MS, yieldToPage };
})(globalThis);
