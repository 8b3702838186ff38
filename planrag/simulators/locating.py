"""DQA Locating: where should country c place its one merchant to maximise its profit at home?

The trade network is a directed acyclic graph of trade nodes (`flow` edges). Countries hold
trading power at nodes (`node_country`). Value (local value plus what flows in) leaves a node in
proportion to the power of the countries for which the node is not home, split equally over its
outgoing edges and grown by 5% on arrival; a merchant raises its country's power at one node
and steers everything that leaves that node towards the country's home node. The objective is
the country's profit at its home node h.

Two rule sets (ARCHITECTURE.md, "The DQA scenarios"):

* ``dqa``: as the benchmark's annotation applied the rules (it re-simulated an already
  simulated state): TP is the dumped `total_power` plus the sum of the rows' powers, IV starts
  at the dumped `ingoing`, and the inland bonus is max(50, development). Reproduces every label
  bit for bit from the dump.
* ``rules``: the business rules as written: TP is the sum of the rows' powers, IV starts at 0
  and the inland bonus is max(development / 3, 50). Its base pass does not reproduce the
  dumped `flow`, `outgoing` and `ingoing`: the dumped `total_power` is not the rows' sum.
  `base_flows` runs the same rules with the dumped `total_power` as TP instead, and that
  reproduces them (to 1e-15, the self-consistency check).

"X plus the sum of Y" means X + (Y summed from 0); every sum adds one term at a time in row
order (file order on the exact path); "starts at" values are accumulated into. Nodes are
visited in Kahn's order (nodes without inflow first, in file order; a node is queued when its
last source is done): another topological order adds the inflows of a node in another order,
which changes the last bits of a few profits. The sweep over
candidates computes the base pass once, recomputes only the one node whose power a candidate
changes, and propagates all changed candidates together as numpy vectors, one node at a time,
so each candidate sees exactly the arithmetic of `simulate()`.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from planrag.errors import SimulatorInputError, StateError
from planrag.simulators.base import DecisionKey, Detail, Outcome, Simulator
from planrag.simulators.state import State, TableSpec

__all__ = ["LocatingDecision", "LocatingParameters", "LocatingSimulator", "base_flows"]

GROWTH = 1.05
"""What arrives at a destination is 1.05 times what left the source; a merchant's power
bonus is amplified by the same factor."""
MERCHANT_POWER = 2.0
INLAND_FLOOR = 50.0
_NODE_COLUMNS = frozenset({"trade_node", "home_node", "source", "dest"})
"""The columns of the data that hold trade nodes."""


class LocatingParameters(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    country: str = Field(min_length=1, max_length=64, title="Country",
                         description="the country, e.g. SWE")
    home: str | None = Field(
        default=None,
        max_length=64,
        title="Home trade node",
        description="its home trade node; derived from the country table when omitted",
    )


class LocatingDecision(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    trade_node: str = Field(
        min_length=1, max_length=64, description="the trade node to place the merchant on"
    )


TABLES = (
    TableSpec.of(
        "country",
        "country_name:str home_node:str development:float",
        "country_name",
        """MATCH (c:Country) RETURN c.name AS country_name, c.home_node AS home_node,
           c.development AS development ORDER BY country_name""",
        may_be_empty=False,
    ),
    TableSpec.of(
        "trade_node",
        "trade_node:str local_value:float is_inland:bool total_power:float outgoing:float "
        "ingoing:float",
        "trade_node",
        """MATCH (t:Trade_node) RETURN t.name AS trade_node, t.local_value AS local_value,
           t.is_inland AS is_inland, t.total_power AS total_power, t.outgoing AS outgoing,
           t.ingoing AS ingoing ORDER BY trade_node""",
        may_be_empty=False,
    ),
    TableSpec.of(
        "flow",
        "source:str dest:str flow:float",
        "source dest",
        """MATCH (a:Trade_node)-[r:source]->(b:Trade_node) RETURN a.name AS source,
           b.name AS dest, r.flow AS flow ORDER BY source, dest""",
    ),
    TableSpec.of(
        "node_country",
        "trade_node:str country_name:str is_home:bool base_trading_power:float",
        "trade_node country_name",
        """MATCH (c:Country)-[r:NodeCountry]->(t:Trade_node) RETURN t.name AS trade_node,
           c.name AS country_name, r.is_home AS is_home,
           r.base_trading_power AS base_trading_power ORDER BY trade_node, country_name""",
    ),
)


@dataclass(frozen=True)
class _Network:
    """The state, indexed once: nodes by position in file order."""

    names: tuple[str, ...]
    index: dict[str, int]
    local_value: tuple[float, ...]
    inland: tuple[bool, ...]
    total_power: tuple[float, ...]
    ingoing: tuple[float, ...]
    outgoing: tuple[float, ...]
    out_edges: tuple[tuple[int, ...], ...]
    """Destinations of each node in flow-table order; a duplicated edge appears twice."""
    edge_flows: tuple[tuple[int, int, float], ...]
    topo: tuple[int, ...]
    row_node: tuple[int, ...]
    row_country: tuple[str, ...]
    row_home: tuple[bool, ...]
    row_power: tuple[float, ...]
    rows_at: tuple[tuple[int, ...], ...]
    development: dict[str, float]
    home_of: dict[str, str]


_NETWORKS: weakref.WeakKeyDictionary[State, _Network] = weakref.WeakKeyDictionary()


def _network(state: State) -> _Network:
    """The state indexed for simulation, built once per state."""
    net = _NETWORKS.get(state)
    if net is None:
        net = _NETWORKS[state] = _build_network(state)
    return net


def _build_network(state: State) -> _Network:
    nodes = state.rows("trade_node")
    names = tuple(r[0] for r in nodes)
    index: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in index:
            raise StateError(f"trade node {name!r} appears twice in table `trade_node`")
        index[name] = i
    out_edges: list[list[int]] = [[] for _ in names]
    edge_flows = []
    for n, (src, dst, flow) in enumerate(state.rows("flow"), start=1):
        for end in (src, dst):
            if end not in index:
                raise StateError(f"table `flow`, row {n}: unknown trade node {end!r}")
        out_edges[index[src]].append(index[dst])
        edge_flows.append((index[src], index[dst], flow))
    rows = state.rows("node_country")
    rows_at: list[list[int]] = [[] for _ in names]
    for r, row in enumerate(rows):
        if row[0] not in index:
            raise StateError(f"table `node_country`, row {r + 1}: unknown trade node {row[0]!r}")
        rows_at[index[row[0]]].append(r)
    countries = state.rows("country")
    return _Network(
        names=names,
        index=index,
        local_value=tuple(r[1] for r in nodes),
        inland=tuple(r[2] for r in nodes),
        total_power=tuple(r[3] for r in nodes),
        outgoing=tuple(r[4] for r in nodes),
        ingoing=tuple(r[5] for r in nodes),
        out_edges=tuple(tuple(e) for e in out_edges),
        edge_flows=tuple(edge_flows),
        topo=_topological(names, out_edges),
        row_node=tuple(index[r[0]] for r in rows),
        row_country=tuple(r[1] for r in rows),
        row_home=tuple(r[2] for r in rows),
        row_power=tuple(r[3] for r in rows),
        rows_at=tuple(tuple(x) for x in rows_at),
        development={r[0]: r[2] for r in countries},
        home_of={r[0]: r[1] for r in countries},
    )


def _topological(names: Sequence[str], out_edges: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Kahn's order: sources first in file order, then nodes as their last input is done."""
    indegree = [0] * len(names)
    for dests in out_edges:
        for d in dests:
            indegree[d] += 1
    ready = deque(i for i, deg in enumerate(indegree) if deg == 0)
    order: list[int] = []
    while ready:
        n = ready.popleft()
        order.append(n)
        for d in out_edges[n]:
            indegree[d] -= 1
            if indegree[d] == 0:
                ready.append(d)
    if len(order) != len(names):
        stuck = sorted(names[i] for i, deg in enumerate(indegree) if deg > 0)
        raise StateError(
            "the trade flow graph has a cycle (value would flow forever) through: "
            + ", ".join(stuck[:8])
        )
    return tuple(order)


class LocatingSimulator(Simulator):
    name = "locating"
    title = "Merchant placement (DQA Locating)"
    objective = "maximise"
    unit = "ducats"
    Parameters = LocatingParameters
    Decision = LocatingDecision
    tables = TABLES
    rule_sets = ("dqa", "rules")
    rule_notes: ClassVar[Mapping[str, str]] = {
        "dqa": "the rules as the DQA benchmark's annotation applied them, which add the "
        "dumped total power to the rows' powers and start the incoming value at the dumped "
        "one (reproduces its labels)",
        "rules": "the business rules as written (TP is the rows' sum; the dumped flows follow "
        "these rules with the dumped total_power as TP)",
    }

    def __init__(self, state: State, parameters: BaseModel, rules: str | None = None) -> None:
        super().__init__(state, parameters, rules)
        assert isinstance(parameters, LocatingParameters)
        net = _network(self.state)
        country = parameters.country
        if country not in net.home_of:
            raise SimulatorInputError(
                f"unknown country {country!r}; known countries include: "
                + ", ".join(sorted(net.home_of)[:15])
            )
        home = net.home_of[country]
        if parameters.home is not None and parameters.home != home:
            raise SimulatorInputError(
                f"{country}'s home node is {home!r}, not {parameters.home!r}; "
                "omit the home node or give the right one"
            )
        if home not in net.index:
            raise StateError(f"{country}'s home node {home!r} is not in table `trade_node`")
        if parameters.home is None:  # results show the home node the simulation used
            self.parameters = parameters.model_copy(update={"home": home})
        self.net = net
        self.country = country
        self.h = net.index[home]
        self._own_row = {
            net.row_node[r]: r
            for r in range(len(net.row_node))
            if net.row_country[r] == country
        }
        self._steer_to = self._steering_targets()
        self._base_powers: tuple[list[float], list[float]] | None = None
        development = net.development[country]
        self._bonus = (
            max(INLAND_FLOOR, development)
            if self.rules == "dqa"
            else max(development / 3, INLAND_FLOOR)
        )

    # -- the rules, one candidate at a time (the reference the sweep must equal)

    def candidates(self) -> Sequence[DecisionKey]:
        return [n for i, n in enumerate(self.net.names) if i != self.h]

    def label(self, decision: DecisionKey) -> str:
        """A trade node as a place name: baltic_sea -> Baltic Sea."""
        return str(decision).replace("_", " ").title()

    @classmethod
    def value_label(cls, column: str, value: object) -> str | None:
        """Trade nodes (in the columns that hold them) by their place names, as decisions."""
        if column in _NODE_COLUMNS and isinstance(value, str):
            return value.replace("_", " ").title()
        return None

    def describe(self) -> str:
        return f"{self.country}'s profit at {self.net.names[self.h]}"

    def merchant_power(self, node: int) -> float | None:
        """The country's power at `node` with its merchant there, or None without presence."""
        r = self._own_row.get(node)
        if r is None:
            return None
        bonus = self._bonus if self.net.inland[node] else 0.0
        return GROWTH * (self.net.row_power[r] + MERCHANT_POWER + bonus)

    def simulate(self, decision: DecisionKey | None) -> Outcome:
        net = self.net
        o = None if decision is None else net.index[str(self.parse_decision(decision))]
        boosted = None if o is None else self.merchant_power(o)
        dqa = self.rules == "dqa"
        tp, p = self._powers_with(o, boosted)
        iv = list(net.ingoing) if dqa else [0.0] * len(net.names)
        out = [0.0] * len(net.names)
        steer = self._steer_to[o] if (o is not None and boosted is not None) else None
        for n in net.topo:
            out[n] = (net.local_value[n] + iv[n]) * p[n] / tp[n] if tp[n] != 0 else 0.0
            if n == o and steer is not None:
                iv[steer] += GROWTH * out[n]
                continue
            dests = net.out_edges[n]
            if dests:
                share = out[n] / len(dests)
                for d in dests:
                    iv[d] += GROWTH * share
        profit = self._profit(net.local_value[self.h], iv[self.h], out[self.h], tp[self.h])
        h = self.h
        details: dict[str, Detail] = {
            "profit": profit,
            "home_node": net.names[h],
            "home_total_power": tp[h],
            "home_ingoing": iv[h],
            "home_local_value": net.local_value[h],
            "home_outgoing": out[h],
            "power_at_home": self._power_at_home(),
        }
        if o is not None:
            details["merchant_node"] = net.names[o]
            details["present_at_node"] = boosted is not None
            details["merchant_power"] = boosted
            details["steered_to"] = net.names[steer] if steer is not None else None
        return Outcome(profit, details)

    def _powers_with(
        self, o: int | None, boosted: float | None
    ) -> tuple[list[float], list[float]]:
        """TP and P with the merchant at node `o`: the base sums, with only node o's summed
        again (every other node adds the same rows in the same order, so this is exactly
        the full computation)."""
        if self._base_powers is None:
            self._base_powers = self._powers(self.net.row_power)
        tp, p = list(self._base_powers[0]), list(self._base_powers[1])
        if o is None or boosted is None:
            return tp, p
        tp[o], p[o] = self._node_powers(o, boosted)
        return tp, p

    def _node_powers(self, o: int, boosted: float) -> tuple[float, float]:
        """TP and P of node `o` with the country's power there replaced by `boosted`."""
        net = self.net
        own = self._own_row[o]
        t = 0.0
        s = 0.0
        for r in net.rows_at[o]:
            power = boosted if r == own else net.row_power[r]
            t += power
            if not net.row_home[r]:
                s += power
        return (net.total_power[o] + t if self.rules == "dqa" else t), s

    def _powers(self, powers: Sequence[float]) -> tuple[list[float], list[float]]:
        """TP and P per node. TP is the sum of all rows' powers (`dqa`: the dumped
        total_power plus that sum); P sums the rows of countries not at home."""
        net = self.net
        tp = [0.0] * len(net.names)
        p = [0.0] * len(net.names)
        for r, node in enumerate(net.row_node):
            tp[node] += powers[r]
            if not net.row_home[r]:
                p[node] += powers[r]
        if self.rules == "dqa":
            tp = [dumped + summed for dumped, summed in zip(net.total_power, tp, strict=True)]
        return tp, p

    def _power_at_home(self) -> float:
        r = self._own_row.get(self.h)
        return 0.0 if r is None else self.net.row_power[r]

    def _profit(self, lv: float, iv: float, out: float, tp: float) -> float:
        if tp == 0:
            return 0.0
        return (lv + iv - out) * self._power_at_home() / tp

    def _steering_targets(self) -> list[int | None]:
        """For each node, where a merchant there steers its outflow: the home node if it is a
        destination, else the first destination (flow order) from which home is reachable."""
        net = self.net
        reaches = [False] * len(net.names)
        reaches[self.h] = True
        for n in reversed(net.topo):  # destinations come after their sources
            if any(reaches[d] for d in net.out_edges[n]):
                reaches[n] = True
        targets: list[int | None] = []
        for dests in net.out_edges:
            if self.h in dests:
                targets.append(self.h)
            else:
                targets.append(next((d for d in dests if reaches[d]), None))
        return targets

    # -- the fast sweep

    def sweep(self) -> Sequence[float]:
        net = self.net
        names = self.candidates()
        baseline = self.simulate(None).value
        values = [baseline] * len(names)
        # Only a candidate where the country has a row changes anything.
        changed = [
            (k, net.index[str(name)])
            for k, name in enumerate(names)
            if net.index[str(name)] in self._own_row
        ]
        if not changed:
            return values
        dqa = self.rules == "dqa"
        n_nodes = len(net.names)
        tp, p = self._powers_with(None, None)
        width = len(changed)
        # (node, candidate) layout: one row of the matrix is one node across candidates.
        tp_m = np.tile(np.asarray(tp, dtype=np.float64)[:, None], (1, width))
        p_m = np.tile(np.asarray(p, dtype=np.float64)[:, None], (1, width))
        steer_at: dict[int, tuple[int, int]] = {}
        for col, (_, o) in enumerate(changed):
            boosted = self.merchant_power(o)
            assert boosted is not None
            tp_m[o, col], p_m[o, col] = self._node_powers(o, boosted)
            target = self._steer_to[o]
            if target is not None:
                steer_at[o] = (col, target)
        start = net.ingoing if dqa else (0.0,) * n_nodes
        iv = np.tile(np.asarray(start, dtype=np.float64)[:, None], (1, width))
        out = np.zeros((n_nodes, width), dtype=np.float64)
        for n in net.topo:
            tp_n = tp_m[n]
            flowing = (net.local_value[n] + iv[n]) * p_m[n]
            np.divide(flowing, tp_n, out=out[n], where=tp_n != 0)
            dests = net.out_edges[n]
            steering = steer_at.get(n)
            if dests:
                arriving = GROWTH * (out[n] / len(dests))
                if steering is not None:
                    arriving = arriving.copy()
                    arriving[steering[0]] = 0.0
                for d in dests:
                    iv[d] += arriving
            if steering is not None:
                col, target = steering
                iv[target, col] += GROWTH * out[n, col]
        h = self.h
        tp_h = tp_m[h]
        home_power = self._power_at_home()
        profit = np.zeros(width, dtype=np.float64)
        kept = (net.local_value[h] + iv[h] - out[h]) * home_power
        np.divide(kept, tp_h, out=profit, where=tp_h != 0)
        for col, (k, _) in enumerate(changed):
            values[k] = float(profit[col])
        return values


@dataclass(frozen=True)
class BaseFlows:
    """The base pass with the dumped total_power as TP (no merchant, IV from 0): what the
    dump's derived columns hold."""

    names: tuple[str, ...]
    outgoing: tuple[float, ...]
    ingoing: tuple[float, ...]
    flows: tuple[tuple[str, str, float], ...]
    """Per flow-table row: the value the edge carries."""


def base_flows(
    state: State, counted_twice: Collection[tuple[str, str]] = ()
) -> BaseFlows:
    """Recompute every node's outgoing and ingoing value and every edge's flow from the
    powers, as the business rules state them, with no merchant and nothing flowing in at the
    start. The dump's `total_power` column is the TP its flows were computed with; it is not
    the rows' sum (in the development dumps about twice that sum, on some nodes a little
    more), so it is used as TP here, unlike the ``rules`` set's own base pass.

    `counted_twice` names edges that the original network listed twice: the dump keeps one
    row, whose value still arrived twice at the destination (DQA's `patagonia` edges).
    The self-consistency check compares the result with the dumped `outgoing`, `ingoing` and
    `flow` columns."""
    net = _network(state.checked_for(TABLES))
    twice = {(net.index.get(a, -1), net.index.get(b, -1)) for a, b in counted_twice}
    n_nodes = len(net.names)
    p = [0.0] * n_nodes
    for r, node in enumerate(net.row_node):
        if not net.row_home[r]:
            p[node] += net.row_power[r]
    tp = net.total_power
    iv = [0.0] * n_nodes
    out = [0.0] * n_nodes
    share: list[float] = [0.0] * n_nodes
    for n in net.topo:
        out[n] = (net.local_value[n] + iv[n]) * p[n] / tp[n] if tp[n] != 0 else 0.0
        dests = net.out_edges[n]
        if dests:
            share[n] = out[n] / len(dests)
            for d in dests:
                iv[d] += GROWTH * share[n]
                if (n, d) in twice:
                    iv[d] += GROWTH * share[n]
    flows = tuple((net.names[s], net.names[d], share[s]) for s, d, _ in net.edge_flows)
    return BaseFlows(net.names, tuple(out), tuple(iv), flows)
