"""The PlanRAG engine: plan, query, re-plan with consent, answer, check with a simulator.

`Engine.run()` / `Engine.resume()` yield `events`; `ScriptedModel` answers without a model
endpoint (tests, offline demonstrations); `open_engine()` builds an engine for a dataset from
settings.
"""

from planrag.engine.check import Checker
from planrag.engine.config import EngineConfig
from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    CandidateSimulated,
    CheckProposed,
    Event,
    ModelCalled,
    ModelText,
    MonitorNoticed,
    PlanChange,
    PlanMade,
    PlanStep,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanDecided,
    ReplanProposed,
    RunFailed,
    RunFinished,
    RunStarted,
    SchemaChosen,
    SchemaLookedUp,
    SimulatorChecked,
    StepStarted,
    Usage,
    event_to_json,
)
from planrag.engine.loop import Engine
from planrag.engine.model import Model, ModelReply, ModelRequest, Retrying, TextPiece, ToolCall
from planrag.engine.scripted import Fail, Reply, ScriptedModel, ScriptExhausted, call
from planrag.engine.state import RunState, Turn
from planrag.engine.tools import TECHNIQUES

__all__ = [
    "TECHNIQUES",
    "AnswerChecked",
    "AnswerProposed",
    "AwaitingConfirmation",
    "CandidateSimulated",
    "CheckProposed",
    "Checker",
    "Engine",
    "EngineConfig",
    "Event",
    "Fail",
    "Model",
    "ModelCalled",
    "ModelReply",
    "ModelRequest",
    "ModelText",
    "MonitorNoticed",
    "PlanChange",
    "PlanMade",
    "PlanStep",
    "QueryFailed",
    "QueryFinished",
    "QueryRefused",
    "QueryStarted",
    "ReplanDecided",
    "ReplanProposed",
    "Reply",
    "Retrying",
    "RunFailed",
    "RunFinished",
    "RunStarted",
    "RunState",
    "SchemaChosen",
    "SchemaLookedUp",
    "ScriptExhausted",
    "ScriptedModel",
    "SimulatorChecked",
    "StepStarted",
    "TextPiece",
    "ToolCall",
    "Turn",
    "Usage",
    "call",
    "event_to_json",
]
