// The page: tabs, the game on the board (keyboard, mouse, touch), clock, storage and share link.

import { post } from "./api.js";
import { Board, DIGITS, digitLabels } from "./board.js";
import { Game, formatTime } from "./game.js";
import { setupBatch, setupLearn, setupMake } from "./panels.js";
import { drawStats, recordSolve, recordStart } from "./stats.js";

const DEFAULT_PUZZLE = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const $ = (id) => document.getElementById(id);
const PREFS_KEY = "sudokit.prefs";
const KEY_MIN = 36; // px: the narrowest keypad key
const KEY_GAP = 5.6; // px: the keypad's gap (0.35rem)
// The variants as people call them, for the size label ("9×9 Sudoku X", not "9×9 x"); a name not
// listed shows as sudokit spells it. Combined rules ("x+windoku") join with " + ".
const VARIANT_TITLES = {
  x: "Sudoku X", windoku: "Windoku", jigsaw: "Jigsaw", antiknight: "Anti-Knight", antiking: "Anti-King",
  nonconsecutive: "Non-Consecutive", disjointgroups: "Disjoint Groups", killer: "Killer",
};
const variantTitle = (name) => name.split("+").map((v) => VARIANT_TITLES[v] || v).join(" + ");

function loadPrefs() {
  try {
    return { autoCheck: false, ...JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") };
  } catch {
    return { autoCheck: false };
  }
}

// Rows and columns for n digit keys and the clear key: as few rows as fit, rows even
// (no row more than one key shorter than the others), the clear key in a free slot, an extra
// column, or a row of its own.
export function keypadLayout(n, width) {
  const fit = Math.max(1, Math.floor((width + KEY_GAP) / (KEY_MIN + KEY_GAP)));
  let rows = 1;
  for (;;) {
    const cols = Math.ceil(n / rows);
    const last = n - (rows - 1) * cols;
    if ((cols + (rows === 1 ? 1 : 0) <= fit && last >= cols - 1) || cols === 1) {
      const erase = n % cols ? "slot" : rows === 1 || cols + 1 <= fit ? "column" : "row";
      return { rows, cols, erase };
    }
    rows += 1;
  }
}

const app = {
  game: null,
  selected: 0,
  pencil: false,
  overlay: null, // a hint's or an explained step's drawing
  view: null,    // an explained position shown instead of the game (read-only)
  checked: false,
  broken: new Set(), // cells of rules the placed digits already break (the server's check, every kind)
  brokenAsked: 0,    // the latest /api/broken request: older answers are dropped
  highlight: 0,  // the digit shown everywhere (a clicked digit or key)
  prefs: loadPrefs(),
  message(text, kind = "") {
    const el = $("message");
    el.textContent = text;
    el.dataset.kind = kind;
  },
  redraw() {
    const game = this.game;
    if (!game) return;
    const shown = this.view || { cells: game.cells, marks: game.shownMarks() };
    const checking = (this.checked || this.prefs.autoCheck) && !this.view;
    this.board.draw({
      n: game.n, br: game.br, bc: game.bc, rules: game.rules || null, givens: game.givens,
      cells: shown.cells, marks: shown.marks,
      selected: this.view ? null : this.selected,
      highlight: this.view ? 0 : this.highlight,
      conflicts: this.view ? new Set() : new Set([...game.conflicts(), ...this.broken]),
      wrong: checking ? game.wrongCells() : new Set(),
      overlay: this.overlay,
    });
    $("board").classList.toggle("solved", game.done);
    $("board").classList.toggle("viewing", !!this.view);
    $("board").dataset.highlight = this.view ? 0 : this.highlight;
    $("undo").disabled = !game.history.length;
    $("redo").disabled = !game.future.length;
    $("mode-pencil").setAttribute("aria-pressed", String(this.pencil));
    $("auto-notes").checked = game.autoNotes;
    $("auto-check").checked = this.prefs.autoCheck;
    $("mistakes").hidden = !this.prefs.autoCheck;
    $("mistakes").textContent = `Mistakes: ${game.mistakes || 0}`;
    $("level-label").textContent = game.level || "unrated";
    $("level-label").dataset.level = game.level || "";
    $("size-label").textContent = `${game.n}×${game.n}` + (game.rules ? ` ${variantTitle(game.rules.name)}` : "");
    $("size-label").title = game.rules ? game.rules.rules.join("; ") : "";
    this.drawKeypad();
    this.drawClock();
  },
  drawKeypad() {
    const pad = $("keypad");
    const game = this.game;
    const labels = digitLabels(game.rules, game.n);
    if (pad.dataset.labels !== labels.join(",")) {
      pad.dataset.labels = labels.join(",");
      pad.replaceChildren();
      for (let d = 1; d <= game.n; d++) {
        const key = Object.assign(document.createElement("button"), { type: "button" });
        key.append(Object.assign(document.createElement("span"), { className: "digit", textContent: labels[d - 1] }),
          Object.assign(document.createElement("small"), { className: "left" }));
        key.dataset.digit = d;
        pad.append(key);
      }
      const erase = Object.assign(document.createElement("button"), { type: "button", textContent: "⌫" });
      erase.dataset.digit = 0;
      erase.className = "erase";
      erase.title = "Clear the cell";
      pad.append(erase);
      this.layoutKeypad();
    }
    const counts = game.digitCounts();
    for (const key of pad.querySelectorAll("button[data-digit]")) {
      const d = Number(key.dataset.digit);
      key.disabled = game.paused || !!this.view;
      if (!d) continue;
      const left = Math.max(0, game.n - counts[d]);
      key.dataset.left = left;
      key.querySelector(".left").textContent = left;
      key.title = `${labels[d - 1]}: ${left} left`;
      key.classList.toggle("highlight", d === this.highlight);
      key.classList.toggle("finished", !left);
      if (!left) key.disabled = true;
    }
  },
  layoutKeypad() {
    const pad = $("keypad");
    if (!this.game) return;
    const { rows, cols, erase } = keypadLayout(this.game.n, pad.clientWidth || 320);
    pad.style.gridTemplateColumns = `repeat(${cols + (erase === "column" ? 1 : 0)}, 1fr)`;
    pad.dataset.rows = rows;
    const key = pad.querySelector(".erase");
    key.style.gridColumn = erase === "column" ? `${cols + 1}` : erase === "row" ? "1 / -1" : "";
    key.style.gridRow = erase === "column" ? `1 / span ${rows}` : "";
  },
  drawClock() {
    $("timer").textContent = formatTime(this.game.elapsed);
    $("pause").textContent = this.game.paused ? "Resume" : "Pause";
    $("paused-cover").hidden = !this.game.paused;
    $("board-wrap").classList.toggle("paused", this.game.paused);
  },
  drawStats() {
    drawStats($("stats").tBodies[0], $("stats-empty"));
  },
  // Start playing a puzzle answered by /api/solve or /api/generate.
  start(answer, note = "") {
    this.game = Game.fromAnswer(answer);
    this.selected = this.game.cells.findIndex((v) => !v);
    if (this.selected < 0) this.selected = 0;
    this.highlight = 0;
    this.clearOverlay();
    this.checked = false;
    this.broken = new Set();
    this.checkRules();
    $("restart-confirm").hidden = true;
    this.game.save();
    history.replaceState(null, "", "/");
    const level = this.game.level ? ` ${this.game.level}` : "";
    this.message(note || (answer.status === "solved" ? `New${level} ${answer.n}×${answer.n} puzzle` :
      `This puzzle has no single solution (${answer.status}): Check is off`), answer.status === "solved" && !note ? "" : "warn");
    this.setTab("play");
    this.redraw();
  },
  // Load puzzle text in any format (via /api/solve, which also gives the solution), then rate it.
  async open(text) {
    try {
      this.start(await post("/api/solve", { puzzle: text }));
    } catch (error) {
      this.message(error.message, "error");
      return;
    }
    const game = this.game;
    if (game.solution && game.n <= 9) {
      try {
        const rating = await post("/api/rate", { puzzle: game.puzzle, time_limit: 3 });
        if (rating.status === "rated" && this.game === game) {
          game.level = rating.level;
          game.save();
          this.redraw();
        }
      } catch {
        // no level: the game is played unrated
      }
    }
  },
  // A SudokuPad or f-puzzles link (/api/link): played with every constraint drawn, or its named refusal.
  async openLink(text) {
    if (!text.trim()) return this.message("Paste a SudokuPad or f-puzzles link first", "warn");
    this.message("Reading the link…");
    $("open-link").disabled = true;
    try {
      const answer = await post("/api/link", { link: text.trim() });
      const notes = answer.rules && answer.rules.drawing && answer.rules.drawing.notes;
      this.start(answer, answer.status === "solved" && notes ? `Also: ${notes}` : "");
    } catch (error) {
      this.message(error.message, "error");
    } finally {
      $("open-link").disabled = false;
    }
  },
  // A new puzzle of a level and size (/api/generate); an unrated one when none of that level comes in time.
  async newGame(level, size) {
    this.message(`Making a new ${level} ${size}×${size} puzzle…`);
    $("new-game").disabled = true;
    try {
      let answer = null;
      if (size <= 9) answer = await post("/api/generate", { size, difficulty: level, time_limit: 4 });
      if (answer && answer.status === "solved") return this.start(answer);
      answer = await post("/api/generate", { size });
      if (answer.status !== "solved") return this.message(answer.error, "warn");
      this.start(answer, `No ${level} ${size}×${size} puzzle came in time: here is an unrated one`);
    } catch (error) {
      this.message(error.message, "error");
    } finally {
      $("new-game").disabled = false;
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
  // Ask the server which rules the board breaks now (a variant's thermometers, dots, cages… the
  // page holds no rule logic); the cells at fault are marked like repeated digits.
  async checkRules() {
    const game = this.game;
    const asked = ++this.brokenAsked;
    if (!game || !game.rules) {
      this.broken = new Set();
      return;
    }
    try {
      const answer = await post("/api/broken", { puzzle: game.puzzle, grid: game.cells });
      if (asked !== this.brokenAsked || game !== this.game) return;
      const before = this.broken.size;
      this.broken = new Set(answer.cells);
      const rule = answer.broken.find((b) => b.cells.length && !["row", "column", "box"].includes(b.kind));
      if (rule && this.broken.size > before) this.message(`Breaks a rule: ${rule.message}`, "error");
      this.redraw();
    } catch {
      // the server is away: the repeats are still marked, the other rules show on Check
    }
  },
  afterMove() {
    const game = this.game;
    this.overlay = null;
    this.checkRules();
    if (!game.started) {
      game.started = true;
      recordStart(game);
    }
    if (!game.done && game.isComplete()) {
      game.done = true;
      let best = false;
      if (!game.recorded) {
        game.recorded = true;
        best = recordSolve(game, game.elapsed);
      }
      this.message(`Solved in ${formatTime(game.elapsed)}!${best ? " A best time for this level." : ""}`, "success");
      this.drawStats();
    }
    game.save();
    this.redraw();
  },
  input(digit, asMark) {
    if (this.view || !this.game || this.game.paused) return;
    const game = this.game;
    if (asMark && digit) {
      if (game.autoNotes) return this.message("Auto notes is on: switch it off to write your own marks", "warn");
      if (game.toggleMark(this.selected, digit)) this.afterMove();
      return;
    }
    if (!game.place(this.selected, digit)) return;
    const placed = game.cells[this.selected];
    if (placed) this.highlight = placed;
    if (placed && this.prefs.autoCheck && game.solution && placed !== game.solution[this.selected]) {
      game.mistakes = (game.mistakes || 0) + 1;
      this.message(`${digitLabels(game.rules, game.n)[placed - 1]} does not go there (mistake ${game.mistakes})`, "error");
    }
    this.afterMove();
  },
  move(dr, dc) {
    const n = this.game.n;
    const r = (Math.floor(this.selected / n) + dr + n) % n, c = (this.selected % n + dc + n) % n;
    this.selected = r * n + c;
    if (this.game.cells[this.selected]) this.highlight = this.game.cells[this.selected];
    this.redraw();
  },
  undo() {
    if (this.game.undo()) { this.message(""); this.afterMove(); }
  },
  redo() {
    if (this.game.redo()) this.afterMove();
  },
};

// The value a key types: the index of its label (a digit set's 0 is a digit, else 0 clears).
function digitOfKey(event, game) {
  const code = event.code || "";
  let ch = event.key;
  if (/^(Digit|Numpad)\d$/.test(code)) ch = code.slice(-1);
  else if (/^Key[A-Z]$/.test(code)) ch = code.slice(-1);
  const index = digitLabels(game.rules, game.n).indexOf(String(ch).toUpperCase());
  if (index >= 0) return index + 1;
  return ch === "0" ? 0 : -1;
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
  } else if (key === "Escape") {
    app.highlight = 0;
    app.redraw();
  } else if (key === " ") {
    app.pencil = !app.pencil;
    app.redraw();
  } else {
    const digit = digitOfKey(event, app.game);
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
    if (app.game.cells[cell]) app.highlight = app.game.cells[cell];
    app.redraw();
  }, { under: $("rules-under"), over: $("rules-over") });
  window.addEventListener("resize", () => app.layoutKeypad());
  document.addEventListener("keydown", onKey);
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => app.setTab(tab.dataset.tab));
  $("keypad").addEventListener("click", (event) => {
    const key = event.target.closest("button[data-digit]");
    if (!key || key.disabled) return;
    const digit = Number(key.dataset.digit);
    if (digit) app.highlight = digit;
    app.input(digit, app.pencil);
    app.redraw();
  });
  $("mode-pencil").addEventListener("click", () => { app.pencil = !app.pencil; app.redraw(); });
  $("auto-notes").addEventListener("change", (event) => {  // a view: the player's marks are kept
    app.game.autoNotes = event.target.checked;
    app.game.save();
    app.redraw();
  });
  $("auto-check").addEventListener("change", (event) => {
    app.prefs.autoCheck = event.target.checked;
    try {
      localStorage.setItem(PREFS_KEY, JSON.stringify(app.prefs));
    } catch {
      // not kept: the toggle still works for this page
    }
    app.redraw();
  });
  $("new-game").addEventListener("click", () => app.newGame($("new-level").value, Number($("new-size").value)));
  $("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    app.openLink($("link-input").value);
  });
  $("print").addEventListener("click", () => window.print());
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
    $("restart-confirm").hidden = false;
    $("restart-no").focus();
  });
  $("restart-no").addEventListener("click", () => { $("restart-confirm").hidden = true; });
  $("restart-yes").addEventListener("click", () => {
    $("restart-confirm").hidden = true;
    app.game.restart();
    app.checked = false;
    app.highlight = 0;
    app.clearOverlay();
    app.message("Restarted");
    app.afterMove();
  });
  $("pause").addEventListener("click", () => {
    if (app.game.done) return;
    app.game.paused = !app.game.paused;
    app.game.save();
    app.redraw();
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
  app.drawStats();
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
    if ([4, 6, 9, 12, 16].includes(saved.n)) $("new-size").value = String(saved.n);
    app.message(saved.done ? "Solved!" : "Game restored", saved.done ? "success" : "");
    app.checkRules();
    return app.redraw();
  }
  await app.newGame("easy", 9);  // a fresh easy puzzle; the fixed one only when the server cannot make one
  if (!app.game) return app.open(DEFAULT_PUZZLE);
}

boot().finally(() => document.body.classList.add("ready"));
