"""sudokit.dataset.to_hf_dataset: built sets, rated rows and split files as Hugging Face objects,
offline; and a built set read back from its split files as it was made (every format)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sudokit.dataset import to_hf_dataset
from sudokit.dataset.build import COLUMNS, Built, build
from sudokit.dataset.existing import rate_rows
from sudokit.dataset.files import TABLE_FORMATS, read_splits, write_split
from sudokit.errors import OptionError


@pytest.fixture(scope="module")
def built() -> Built:
    return build(12, kind="shape", bins="4x4,6x6", seed=2, split="train=0.5,test=0.5")


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    # datasets reads these when first imported: no hub, no download, whatever a test does
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


@pytest.mark.parametrize("fmt", TABLE_FORMATS)
def test_split_files_read_back_as_built(built: Built, fmt: str, tmp_path: Path) -> None:
    if fmt == "npy":
        for shape in ("4x4", "6x6"):  # one grid size per array
            rows = [r for r in built.splits["train"] if r["shape"] == shape]
            write_split(rows, tmp_path / shape, "train", fmt, COLUMNS)
            assert read_splits(tmp_path / shape) == {"train": rows}
        return
    for name, rows in built.splits.items():
        write_split(rows, tmp_path, name, fmt, COLUMNS)
    assert read_splits(tmp_path) == built.splits
    with pytest.raises(OptionError):
        read_splits(tmp_path / "nothing")


def test_built_set_as_dataset_dict(built: Built, tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    dd = to_hf_dataset(built)
    assert sorted(dd) == ["test", "train"]
    for name, rows in built.splits.items():
        assert dd[name].column_names == list(COLUMNS)
        assert dd[name].to_list() == rows
    features = dd["train"].features
    assert features["er"].dtype == "float64" and features["clues"].dtype == "int64"
    assert features["techniques"].feature.dtype == "string"
    for name, rows in built.splits.items():
        write_split(rows, tmp_path, name, "parquet", COLUMNS)
    from_disk = to_hf_dataset(tmp_path)
    assert {k: v.to_list() for k, v in from_disk.items()} == built.splits
    one = to_hf_dataset(tmp_path / "test.parquet")
    assert one.to_list() == built.splits["test"]
    assert to_hf_dataset({"only": built.splits["test"]})["only"].num_rows == len(built.splits["test"])


def test_rated_rows_keep_their_own_columns(built: Built) -> None:
    pytest.importorskip("datasets")
    rows = [{"id": i, "quizzes": r["puzzle"], "solutions": r["solution"]}
            for i, r in enumerate(built.splits["train"])]
    rows[0]["quizzes"] = "11" + str(rows[0]["quizzes"])[2:]  # invalid: kept, with its status
    rated = list(rate_rows(rows, "quizzes", "solutions"))
    table = to_hf_dataset(rated)
    assert table.column_names[:3] == ["id", "quizzes", "solutions"]
    assert table.to_list() == rated
    assert table[0]["status"] == "invalid" and table[0]["er"] is None
    assert table.features["id"].dtype == "int64"
    # a file's own column that shares a built set's name keeps its own type
    odd = to_hf_dataset([{"puzzle": "1.3..4.22.4..3.1", "clues": "many"}, {"puzzle": "x", "clues": ""}])
    assert odd.features["clues"].dtype == "string" and odd[0]["clues"] == "many"


def test_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "datasets", None)  # import datasets now raises ImportError
    with pytest.raises(OptionError, match=r"sudokit\[hf\]"):
        to_hf_dataset([{"puzzle": "1.3..4.22.4..3.1"}])


def test_no_such_path(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    with pytest.raises(OptionError):
        to_hf_dataset(tmp_path / "missing")
