"""The Spark job's per-page work (jobs/spark/extract_job.py) without Spark:
its rows hold what the module gives for each --format, and --metadata adds
the metadata columns in order. The cluster run itself is jobs/spark/check.sh."""
import importlib.util
import json
from pathlib import Path

import pytest

import wce

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("extract_job", REPO / "jobs" / "spark" / "extract_job.py")
job_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(job_module)

PAGE = ('<html lang="en"><head><title>Rain again - The Weekly</title>'
        '<meta name="author" content="Bo Chen"></head><body><nav><a href="/">Home</a></nav>'
        '<article><h1>Rain again</h1><h2>What fell</h2><p>It rained for the third day in a row, and the river '
        'rose above the old stone bridge for the first time since the spring of last year.</p>'
        '<ul><li>More rain is due on Monday, the forecast says.</li><li>The bridge stays closed until then.</li>'
        '</ul></article></body></html>')


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
@pytest.mark.parametrize("with_metadata", [False, True])
def test_rows_hold_the_format_and_the_metadata(fmt, with_metadata):
    job = job_module.Job("ensemble", fmt, with_metadata)
    lines = [json.dumps({"id": "a", "url": "https://example.org/rain", "html": PAGE}), "", "not json"]
    rows = list(job_module.extract_jsonl(lines, job))
    cols = job_module.columns(with_metadata)
    assert [len(r) for r in rows] == [len(cols), len(cols)]
    good = dict(zip(cols, rows[0]))
    assert good["error"] is None
    assert good["text"] == wce.extract(PAGE, "ensemble", output=fmt)
    if with_metadata:
        m = wce.metadata(PAGE, url="https://example.org/rain")
        assert [good[c] for c in job_module.METADATA_COLUMNS] == [m[c] for c in job_module.METADATA_COLUMNS]
        assert good["title"] == "Rain again"
    bad = dict(zip(cols, rows[1]))
    assert bad["error"].startswith("malformed record")
