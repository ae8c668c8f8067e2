// Statistics and best times per level, kept in this browser only (localStorage).

import { formatTime } from "./game.js";

const STORAGE_KEY = "sudokit.stats";
const ORDER = ["easy", "medium", "hard", "unfair", "extreme", "unrated"];

// The stats key of a game: its level, with the grid size when it is not 9×9.
export function statsKey(game) {
  const level = game.level || "unrated";
  return game.n === 9 ? level : `${level} ${game.n}×${game.n}`;
}

export function loadStats() {
  try {
    const data = JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

function saveStats(stats) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stats));
  } catch {
    // storage full or disabled: the statistics are just not kept
  }
}

function entry(stats, key) {
  stats[key] = Object.assign({ played: 0, solved: 0, best: null, total: 0 }, stats[key]);
  return stats[key];
}

// A game got its first move.
export function recordStart(game) {
  const stats = loadStats();
  entry(stats, statsKey(game)).played += 1;
  saveStats(stats);
}

// A game was solved in `seconds`; returns true when that is a new best time for its level.
export function recordSolve(game, seconds) {
  const stats = loadStats();
  const e = entry(stats, statsKey(game));
  e.solved += 1;
  e.total += seconds;
  const best = e.best === null || seconds < e.best;
  if (best) e.best = seconds;
  saveStats(stats);
  return best;
}

function rank(key) {
  const [level, size] = key.split(" ");
  const i = ORDER.indexOf(level);
  return [size || "", i < 0 ? ORDER.length : i];
}

// Fill the statistics table (a <tbody>) and say when there is nothing yet.
export function drawStats(body, empty) {
  const stats = loadStats();
  const keys = Object.keys(stats).sort((a, b) => {
    const [sa, ia] = rank(a), [sb, ib] = rank(b);
    return sa === sb ? ia - ib : sa.localeCompare(sb);
  });
  empty.hidden = keys.length > 0;
  body.parentElement.hidden = !keys.length;
  body.replaceChildren(...keys.map((key) => {
    const e = stats[key];
    const tr = document.createElement("tr");
    tr.dataset.level = key;
    const average = e.solved ? formatTime(e.total / e.solved) : "—";
    for (const value of [key, e.played, e.solved, e.best === null ? "—" : formatTime(e.best), average]) {
      tr.append(Object.assign(document.createElement("td"), { textContent: String(value) }));
    }
    return tr;
  }));
}
