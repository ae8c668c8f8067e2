// The page: tabs, the game on the board (keyboard, mouse, touch), clock, storage and share link.

import { post } from "./api.js";
import { Board, DIGITS } from "./board.js";
import { Game, formatTime } from "./game.js";
import { setupBatch, setupLearn, setupMake } from "./panels.js";

const DEFAULT_PUZZLE = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const $ = (id) => document.getElementById(id);

const app = {
  game: null,
  selected: 0,
  pencil: false,
  overlay: null, // a hint's or an explained step's drawing
  view: null,    // an explained position shown instead of the game (read-only)
  checked: false,
  message(text, kind = "") {
    const el = $("message");
    el.textContent = text;
    el.dataset.kind = kind;
  },
  redraw() {
    const game = this.game;
    if (!game) return;
    const shown = this.view || game;
    this.board.draw({
      n: game.n, br: game.br, bc: game.bc, rules: game.rules || null, givens: game.givens,
      cells: shown.cells, marks: shown.marks,
      selected: this.view ? null : this.selected,
      conflicts: this.view ? new Set() : game.conflicts(),
      wrong: this.checked && !this.view ? game.wrongCells() : new Set(),
      overlay: this.overlay,
    });
    $("board").classList.toggle("solved", game.done);
    $("board").classList.toggle("viewing", !!this.view);
    $("undo").disabled = !game.history.length;
    $("redo").disabled = !game.future.length;
    $("mode-pencil").setAttribute("aria-pressed", String(this.pencil));
    $("auto-notes").checked = game.autoNotes;
    $("size-label").textContent = `${game.n}×${game.n}` + (game.rules ? ` ${game.rules.name}` : "");
    $("size-label").title = game.rules ? game.rules.rules.join("; ") : "";
    this.drawKeypad();
    this.drawClock();
  },
  drawKeypad() {
    const pad = $("keypad");
    if (pad.dataset.n === String(this.game.n)) return;
    pad.dataset.n = this.game.n;
    pad.replaceChildren();
    for (let d = 1; d <= this.game.n; d++) {
      const key = Object.assign(document.createElement("button"), { type: "button", textContent: DIGITS[d - 1] });
      key.dataset.digit = d;
      pad.append(key);
    }
    const erase = Object.assign(document.createElement("button"), { type: "button", textContent: "⌫" });
    erase.dataset.digit = 0;
    erase.title = "Clear the cell";
    pad.append(erase);
  },
  drawClock() {
    $("timer").textContent = formatTime(this.game.elapsed);
    $("pause").textContent = this.game.paused ? "Resume" : "Pause";
    $("paused-cover").hidden = !this.game.paused;
  },
  // Start playing a puzzle answered by /api/solve or /api/generate.
  start(answer) {
    this.game = Game.fromAnswer(answer);
    this.selected = this.game.cells.findIndex((v) => !v);
    if (this.selected < 0) this.selected = 0;
    this.clearOverlay();
    this.checked = false;
    this.game.save();
    history.replaceState(null, "", "/");
    this.message(answer.status === "solved" ? `New ${answer.n}×${answer.n} puzzle` :
      `This puzzle has no single solution (${answer.status}): Check is off`, answer.status === "solved" ? "" : "warn");
    this.setTab("play");
    this.redraw();
  },
  // Load puzzle text in any format (via /api/solve, which also gives the solution).
  async open(text) {
    try {
      this.start(await post("/api/solve", { puzzle: text }));
    } catch (error) {
      this.message(error.message, "error");
    }
  },
  clearOverlay() {
    this.overlay = null;
    this.view = null;
  },
  setTab(name) {
    document.body.dataset.tab = name;
    for (const tab of document.querySelectorAll("[role=tab]")) tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
    for (const panel of document.querySelectorAll("[data-panel]")) panel.hidden = panel.dataset.panel !== name;
  },
  afterMove() {
    const game = this.game;
    this.overlay = null;
    if (!game.done && game.isComplete()) {
      game.done = true;
      this.message(`Solved in ${formatTime(game.elapsed)}!`, "success");
    }
    game.save();
    this.redraw();
  },
  input(digit, asMark) {
    if (this.view || !this.game || this.game.paused) return;
    const changed = asMark && digit ? this.game.toggleMark(this.selected, digit) : this.game.place(this.selected, digit);
    if (changed) this.afterMove();
  },
  move(dr, dc) {
    const n = this.game.n;
    const r = (Math.floor(this.selected / n) + dr + n) % n, c = (this.selected % n + dc + n) % n;
    this.selected = r * n + c;
    this.redraw();
  },
  undo() {
    if (this.game.undo()) { this.message(""); this.afterMove(); }
  },
  redo() {
    if (this.game.redo()) this.afterMove();
  },
};

function digitOfKey(event, n) {
  const code = event.code || "";
  let ch = event.key;
  if (/^(Digit|Numpad)\d$/.test(code)) ch = code.slice(-1);
  else if (/^Key[A-Z]$/.test(code)) ch = code.slice(-1);
  const index = DIGITS.indexOf(String(ch).toUpperCase());
  if (ch === "0") return 0;
  return index >= 0 && index < n ? index + 1 : -1;
}

function onKey(event) {
  const target = event.target;
  if (target.closest && target.closest("input, textarea, select")) return;
  if (!app.game) return;
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && (key === "z" || key === "Z")) {
    event.shiftKey ? app.redo() : app.undo();
  } else if (ctrl && (key === "y" || key === "Y")) {
    app.redo();
  } else if (ctrl || event.altKey) {
    return;
  } else if (key.startsWith("Arrow")) {
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
    app.move(dr, dc);
  } else if (key === "Backspace" || key === "Delete" || key === ".") {
    app.input(0, false);
  } else if ((key === "p" || key === "P") && DIGITS.indexOf("P") >= app.game.n) {
    app.pencil = !app.pencil;
    app.redraw();
  } else if (key === " ") {
    app.pencil = !app.pencil;
    app.redraw();
  } else {
    const digit = digitOfKey(event, app.game.n);
    if (digit < 0) return;
    app.input(digit, app.pencil || event.shiftKey);
  }
  event.preventDefault();
}

function tick() {
  const game = app.game;
  if (game && !game.paused && !game.done && document.visibilityState === "visible") {
    game.elapsed += 1;
    app.drawClock();
    if (game.elapsed % 5 === 0) game.save();
  }
}

function wire() {
  app.board = new Board($("board"), $("links"), (cell) => {
    if (app.view) return;
    app.selected = cell;
    app.redraw();
  });
  document.addEventListener("keydown", onKey);
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => app.setTab(tab.dataset.tab));
  $("keypad").addEventListener("click", (event) => {
    const key = event.target.closest("button[data-digit]");
    if (key) app.input(Number(key.dataset.digit), app.pencil);
  });
  $("mode-pencil").addEventListener("click", () => { app.pencil = !app.pencil; app.redraw(); });
  $("auto-notes").addEventListener("change", (event) => {
    app.game.remember();
    app.game.autoNotes = event.target.checked;
    if (app.game.autoNotes) app.game.fillNotes();
    else app.game.marks.fill(0);
    app.afterMove();
  });
  $("undo").addEventListener("click", () => app.undo());
  $("redo").addEventListener("click", () => app.redo());
  $("check").addEventListener("click", () => {
    const game = app.game;
    if (!game.solution) return app.message("This puzzle has no single solution to check against", "warn");
    app.checked = true;
    const wrong = game.wrongCells().size;
    const left = game.cells.filter((v) => !v).length;
    app.message(wrong ? `${wrong} wrong digit${wrong > 1 ? "s" : ""} (marked red)` :
      left ? `All correct so far, ${left} to go` : "Solved!", wrong ? "error" : "success");
    app.redraw();
  });
  $("restart").addEventListener("click", () => {
    app.game.remember();
    app.game.cells = app.game.givens.slice();
    app.game.marks.fill(0);
    Object.assign(app.game, { elapsed: 0, done: false, paused: false, autoNotes: false });
    app.checked = false;
    app.afterMove();
  });
  $("pause").addEventListener("click", () => {
    if (app.game.done) return;
    app.game.paused = !app.game.paused;
    app.game.save();
    app.drawClock();
  });
  $("share").addEventListener("click", () => {
    const link = `${location.origin}/?p=${encodeURIComponent(app.game.puzzle)}`;
    $("share-link").value = link;
    $("share-link").select();
    navigator.clipboard?.writeText(link).catch(() => {});
  });
  setupLearn(app);
  setupMake(app);
  setupBatch(app);
  setInterval(tick, 1000);
}

async function boot() {
  wire();
  const shared = new URLSearchParams(location.search).get("p");
  const saved = Game.load();
  if (shared && !(saved && saved.puzzle === shared)) return app.open(shared);
  if (saved) {
    app.game = saved;
    app.selected = Math.max(0, saved.cells.findIndex((v) => !v));
    app.message(saved.done ? "Solved!" : "Game restored", saved.done ? "success" : "");
    return app.redraw();
  }
  return app.open(DEFAULT_PUZZLE);
}

boot().finally(() => document.body.classList.add("ready"));
