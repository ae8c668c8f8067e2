// One game in progress: the puzzle, the player's digits and pencil marks, undo/redo, the clock.
// Kept in the browser (localStorage) so it survives a reload; the server keeps nothing.

import { peers, units } from "./board.js";

const STORAGE_KEY = "sudokit.game";
const HISTORY_KEPT = 300;

export class Game {
  // A new game from the server's answer to /api/solve or /api/generate.
  static fromAnswer(answer) {
    const [br, bc] = answer.box.split("x").map(Number);
    const game = new Game();
    Object.assign(game, {
      puzzle: answer.puzzle, n: answer.n, br, bc, rules: answer.rules || null,
      givens: answer.cells.slice(), cells: answer.cells.slice(),
      marks: new Array(answer.n * answer.n).fill(0),
      solution: answer.solution_cells || null,
      level: (answer.rating && answer.rating.level) || null, seed: answer.seed || null,
      elapsed: 0, paused: false, done: false, autoNotes: false, mistakes: 0,
      started: false, recorded: false,
      history: [], future: [],
    });
    return game;
  }

  // The saved game, or null.
  static load() {
    try {
      const data = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
      if (!data || !Array.isArray(data.cells)) return null;
      const defaults = { level: null, seed: null, mistakes: 0, started: true, recorded: false, autoNotes: false };
      return Object.assign(new Game(), defaults, data);
    } catch {
      return null;
    }
  }

  save() {
    const data = { ...this, history: this.history.slice(-HISTORY_KEPT), future: this.future.slice(-HISTORY_KEPT) };
    delete data._peers;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(data));
    } catch {
      // storage full or disabled: the game still runs, it just will not survive a reload
    }
  }

  get peerSets() {
    if (!this._peers) {
      const sets = this.rules ? this.rules.peers.map((list) => new Set(list)) : peers(this.n, this.br, this.bc);
      Object.defineProperty(this, "_peers", { value: sets, writable: true });
    }
    return this._peers;
  }

  snapshot() {
    return { cells: this.cells.slice(), marks: this.marks.slice() };
  }

  // Record the position before a change (clears the redo list).
  remember() {
    this.history.push(this.snapshot());
    if (this.history.length > HISTORY_KEPT * 2) this.history.splice(0, HISTORY_KEPT);
    this.future = [];
  }

  undo() {
    if (!this.history.length) return false;
    this.future.push(this.snapshot());
    Object.assign(this, this.history.pop());
    this.done = false;
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.history.push(this.snapshot());
    Object.assign(this, this.future.pop());
    return true;
  }

  // Candidates of an empty cell given the digits of its peers, as a bitmask.
  candidates(cell) {
    if (this.cells[cell]) return 0;
    let mask = (1 << this.n) - 1;
    for (const p of this.peerSets[cell]) if (this.cells[p]) mask &= ~(1 << (this.cells[p] - 1));
    return mask;
  }

  // Every empty cell's candidates: what auto notes shows (a view: the player's marks stay as they are).
  autoMarks() {
    return this.cells.map((_, i) => this.candidates(i));
  }

  // The marks on show: the candidates while auto notes is on, else the player's own.
  shownMarks() {
    return this.autoNotes ? this.autoMarks() : this.marks;
  }

  // How many of each digit are on the board (index 1..n).
  digitCounts() {
    const counts = new Array(this.n + 1).fill(0);
    for (const v of this.cells) if (v) counts[v] += 1;
    return counts;
  }

  // Place a digit (0 clears).
  place(cell, digit) {
    if (this.givens[cell] || this.done) return false;
    if (this.cells[cell] === digit) digit = 0;
    this.remember();
    this.cells[cell] = digit;
    this.marks[cell] = 0;
    return true;
  }

  // Back to the givens: no digits, no marks, clock at zero (undo brings the position back).
  restart() {
    this.remember();
    this.cells = this.givens.slice();
    this.marks = new Array(this.n * this.n).fill(0);
    Object.assign(this, { elapsed: 0, done: false, paused: false, mistakes: 0 });
  }

  toggleMark(cell, digit) {
    if (this.givens[cell] || this.cells[cell] || this.done) return false;
    this.remember();
    this.marks[cell] ^= 1 << (digit - 1);
    return true;
  }

  // Cells whose digit repeats in a row, column or box.
  conflicts() {
    const out = new Set();
    if (this.rules) {  // a variant: any two peers holding the same digit (the server's peer lists)
      this.peerSets.forEach((set, cell) => {
        const v = this.cells[cell];
        if (v) for (const other of set) if (this.cells[other] === v) out.add(cell);
      });
      return out;
    }
    for (const unit of units(this.n, this.br, this.bc)) {
      const seen = new Map();
      for (const cell of unit) {
        const v = this.cells[cell];
        if (!v) continue;
        if (seen.has(v)) {
          out.add(cell);
          out.add(seen.get(v));
        } else seen.set(v, cell);
      }
    }
    return out;
  }

  // Cells whose digit differs from the solution.
  wrongCells() {
    const out = new Set();
    if (!this.solution) return out;
    this.cells.forEach((v, i) => { if (v && v !== this.solution[i]) out.add(i); });
    return out;
  }

  isComplete() {
    return this.solution ? this.cells.every((v, i) => v === this.solution[i])
      : this.cells.every((v) => v) && this.conflicts().size === 0;
  }

  // The marks on show as lists of digits, when every empty cell has some (else null: not in use).
  marksLists() {
    const marks = this.shownMarks();
    const inUse = this.cells.every((v, i) => v || marks[i]);
    if (!inUse) return null;
    return marks.map((mask, i) => {
      if (this.cells[i]) return [];
      const digits = [];
      for (let d = 1; d <= this.n; d++) if (mask & (1 << (d - 1))) digits.push(d);
      return digits;
    });
  }
}

export function formatTime(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = String(m).padStart(2, "0"), ss = String(r).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
