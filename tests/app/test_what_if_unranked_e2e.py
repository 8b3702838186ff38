"""The chat's what-if hides nothing about a written decision (issue 33, point 5): the
candidates it leaves unranked are counted and named under the ranking, and a decision that
ranks none says why instead of showing an empty table. Through the chat's socket, as the
page speaks to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app._socket import ChatClient
from tests.app.test_chat_e2e import _chat
from tests.decisions._depots import BY_REGION, PART, depots_dataset


@pytest.mark.e2e
async def test_the_chats_what_if_says_what_a_written_decision_leaves_unranked(
    tmp_path: Path,
) -> None:
    datasets = tmp_path / "datasets"
    depots_dataset(datasets, "depots", PART)
    depots_dataset(datasets, "regions", BY_REGION)
    env = {"PLANRAG_DATASETS_DIR": str(datasets), "PLANRAG_DATASET": "depots",
           "PLANRAG_MODEL": "", "PLANRAG_MODEL_BASE_URL": "", "PLANRAG_MODEL_API_KEY": "",
           "OPENAI_API_KEY": ""}
    async with _chat(tmp_path, env) as url, ChatClient(url, origin=url) as socket:
        await socket.started()
        await socket.send("/whatif skip=D05")
        ranked = str((await socket.said("What-if: Measured depots only"))["output"])
        assert "3 possible decisions" in ranked
        shown = ranked.replace("\\", "")  # Markdown's escapes, as the page shows it
        assert "has no row in its `value` query and is not ranked: D05" in shown
        assert "`value` is NULL for 1 candidate, not ranked: D03" in shown
        mark = len(socket.events)
        await socket.sio.emit("chat_settings_change", {"dataset": "regions"})
        await socket.said("Depots (regions)", since=mark)
        await socket.send("/whatif region=W")
        empty = str((await socket.said("What-if: A bay in one region", since=mark))["output"])
        assert "0 possible decisions" in empty
        assert ("Decision by-region ranked no candidate: its `candidates` query returns no "
                'rows with region="W"') in empty.replace("\\", "")
