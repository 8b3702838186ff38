"""DQA Building: which building should we raise by 5 levels to lower the price of goods g most?

Goods are demanded by buildings (`demand`: max demand MD, current input CI) and by the
population (`pop_demand`), and supplied by buildings (`supply`: max supply MS, current output
CO). Raising building b from level L to L + 5 scales its MD and MS rows by f = (L + 5) / L,
f computed first and each row becoming f × value (`value × (L + 5) / L` rounds differently
when f is not exact in binary, e.g. L = 3). The market then settles over exactly 10 rounds:
every demand row gets its share of the goods' supply (CI = MD × TS / TD), every building
with inputs produces in proportion to how well its inputs were met on average, and the
supply of each goods is summed again. The price is BP × (1 + 0.75 × (TD − TS) / max(TD, TS)).

Two rule sets (ARCHITECTURE.md, "The DQA scenarios"):

* ``dqa``: as the benchmark's annotation applied the rules (it re-simulated a simulated
  state): TD = pop_demand + Σ dumped MD + Σ scaled MD, and the first TS = Σ dumped
  current_output + Σ scaled MS. Reproduces every label bit for bit.
* ``rules``: the business rules as written: TD = pop_demand + Σ MD, first TS = Σ MS. Its base
  pass reproduces every dumped `current_price` bit for bit.

Each Σ starts from 0 and adds one term at a time in row order (demand rows, supply rows in
file order on the exact path); "a + Σ + Σ" adds left to right. Inside the rounds TS is summed
by building in file order, each building's supply rows in file order.

The sweep runs every candidate at once as numpy rows, summing the k-th term of every goods
together so that each candidate still adds its terms in exactly the order `simulate()` does:
the results are the same bits, many times faster.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from planrag.errors import SimulatorInputError, StateError
from planrag.simulators.base import DecisionKey, Outcome, Simulator
from planrag.simulators.state import State, TableSpec

__all__ = ["BuildingDecision", "BuildingParameters", "BuildingSimulator", "base_prices"]

LEVELS_ADDED = 5
ROUNDS = 10
PRICE_SWING = 0.75


class BuildingParameters(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    goods: str = Field(min_length=1, max_length=80, title="Goods",
                       description="the goods, e.g. furniture")


class BuildingDecision(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    building_id: int = Field(description="the id of the building to raise by 5 levels")


TABLES = (
    TableSpec.of(
        "goods",
        "goods_name:str code:int base_price:float current_price:float pop_demand:float",
        "code",
        """MATCH (g:Goods) RETURN g.name AS goods_name, g.code AS code,
           g.base_price AS base_price, g.current_price AS current_price,
           g.pop_demand AS pop_demand ORDER BY code""",
        may_be_empty=False,
    ),
    TableSpec.of(
        "building",
        "id:int name:str level:int",
        "id",
        "MATCH (b:Building) RETURN b.id AS id, b.name AS name, b.level AS level ORDER BY id",
    ),
    TableSpec.of(
        "supply",
        "goods_id:int building_id:int max_supply:float current_output:float",
        "goods_id building_id",
        """MATCH (b:Building)-[r:Supply]->(g:Goods) RETURN g.code AS goods_id,
           b.id AS building_id, r.max_supply AS max_supply, r.current_output AS current_output
           ORDER BY goods_id, building_id""",
    ),
    TableSpec.of(
        "demand",
        "goods_id:int building_id:int max_demand:float",
        "goods_id building_id",
        """MATCH (g:Goods)-[r:Demand]->(b:Building) RETURN g.code AS goods_id,
           b.id AS building_id, r.max_demand AS max_demand ORDER BY goods_id, building_id""",
    ),
)


@dataclass(frozen=True)
class _Economy:
    goods_names: tuple[str, ...]
    goods_by_name: dict[str, int]
    base_price: tuple[float, ...]
    current_price: tuple[float, ...]
    pop_demand: tuple[float, ...]
    building_ids: tuple[int, ...]
    building_names: tuple[str, ...]
    building_level: tuple[int, ...]
    building_index: dict[int, int]
    s_goods: tuple[int, ...]
    s_building: tuple[int | None, ...]
    max_supply: tuple[float, ...]
    output: tuple[float, ...]
    d_goods: tuple[int, ...]
    d_building: tuple[int | None, ...]
    max_demand: tuple[float, ...]
    supply_of: tuple[tuple[int, ...], ...]
    """Per building (file order): its supply rows in file order."""
    demand_of: tuple[tuple[int, ...], ...]
    """Per building: its demand rows in file order."""


_ECONOMIES: weakref.WeakKeyDictionary[State, _Economy] = weakref.WeakKeyDictionary()


def _economy(state: State) -> _Economy:
    """The state indexed for simulation, built once per state."""
    eco = _ECONOMIES.get(state)
    if eco is None:
        eco = _ECONOMIES[state] = _build_economy(state)
    return eco


def _build_economy(state: State) -> _Economy:
    goods = state.rows("goods")
    by_code: dict[int, int] = {}
    by_name: dict[str, int] = {}
    for i, row in enumerate(goods):
        if row[1] in by_code:
            raise StateError(f"goods code {row[1]} appears twice in table `goods`")
        by_code[row[1]] = i
        by_name.setdefault(row[0], i)
        if not row[2] > 0:
            raise StateError(
                f"table `goods`: {row[0]} has base_price {row[2]}; prices must be positive"
            )
        if row[4] < 0:
            raise StateError(f"table `goods`: {row[0]} has a negative pop_demand {row[4]}")
    buildings = state.rows("building")
    b_index: dict[int, int] = {}
    for i, row in enumerate(buildings):
        if row[0] in b_index:
            raise StateError(f"building id {row[0]} appears twice in table `building`")
        b_index[row[0]] = i
        if row[2] <= 0:
            raise StateError(
                f"table `building`: building {row[0]} has level {row[2]}; raising it by "
                f"{LEVELS_ADDED} scales by (level + {LEVELS_ADDED}) / level, so it must be "
                "positive"
            )

    def goods_of(table: str, n: int, code: int) -> int:
        if code not in by_code:
            raise StateError(f"table `{table}`, row {n}: unknown goods code {code}")
        return by_code[code]

    supply = state.rows("supply")
    demand = state.rows("demand")
    supply_of: list[list[int]] = [[] for _ in buildings]
    demand_of: list[list[int]] = [[] for _ in buildings]
    for r, row in enumerate(supply):
        if row[2] < 0:
            raise StateError(f"table `supply`, row {r + 1}: negative max_supply {row[2]}")
        if row[1] in b_index:
            supply_of[b_index[row[1]]].append(r)
    for r, row in enumerate(demand):
        if not row[2] > 0:
            raise StateError(
                f"table `demand`, row {r + 1}: max_demand is {row[2]}; it must be positive "
                "(the rules divide by it)"
            )
        if row[1] in b_index:
            demand_of[b_index[row[1]]].append(r)
    return _Economy(
        goods_names=tuple(r[0] for r in goods),
        goods_by_name=by_name,
        base_price=tuple(r[2] for r in goods),
        current_price=tuple(r[3] for r in goods),
        pop_demand=tuple(r[4] for r in goods),
        building_ids=tuple(r[0] for r in buildings),
        building_names=tuple(r[1] for r in buildings),
        building_level=tuple(r[2] for r in buildings),
        building_index=b_index,
        s_goods=tuple(goods_of("supply", n, r[0]) for n, r in enumerate(supply, start=1)),
        s_building=tuple(b_index.get(r[1]) for r in supply),
        max_supply=tuple(r[2] for r in supply),
        output=tuple(r[3] for r in supply),
        d_goods=tuple(goods_of("demand", n, r[0]) for n, r in enumerate(demand, start=1)),
        d_building=tuple(b_index.get(r[1]) for r in demand),
        max_demand=tuple(r[2] for r in demand),
        supply_of=tuple(tuple(x) for x in supply_of),
        demand_of=tuple(tuple(x) for x in demand_of),
    )


def _price(base: float, td: float, ts: float) -> float:
    if td == 0 and ts == 0:
        return base
    return base * (1 + PRICE_SWING * (td - ts) / max(td, ts))


@dataclass(frozen=True)
class _Market:
    td: list[float]
    ts: list[float]
    price: list[float]


def _sums(values: Sequence[float], goods: Sequence[int], n_goods: int) -> list[float]:
    """Per goods, the sum of `values` over its rows, from 0, one term at a time in row order."""
    out = [0.0] * n_goods
    for r, g in enumerate(goods):
        out[g] += values[r]
    return out


def _settle(eco: _Economy, dqa: bool, b: int | None, f: float | None) -> _Market:
    """The rules, one term at a time: the reference the vectorised sweep must equal."""
    md = [
        f * v if f is not None and eco.d_building[r] == b else v
        for r, v in enumerate(eco.max_demand)
    ]
    ms = [
        f * v if f is not None and eco.s_building[r] == b else v
        for r, v in enumerate(eco.max_supply)
    ]
    scaled_demand = _sums(md, eco.d_goods, len(eco.pop_demand))
    if dqa:
        dumped_demand = _sums(eco.max_demand, eco.d_goods, len(eco.pop_demand))
        td = [
            p + d + m
            for p, d, m in zip(eco.pop_demand, dumped_demand, scaled_demand, strict=True)
        ]
        dumped_output = _sums(eco.output, eco.s_goods, len(td))
        ts = [
            o + m for o, m in zip(dumped_output, _sums(ms, eco.s_goods, len(td)), strict=True)
        ]
    else:
        td = [p + m for p, m in zip(eco.pop_demand, scaled_demand, strict=True)]
        ts = _sums(ms, eco.s_goods, len(td))
    co = list(eco.output)
    ci = [0.0] * len(md)
    for _ in range(ROUNDS):
        for r, g in enumerate(eco.d_goods):
            ci[r] = md[r] * ts[g] / td[g]
        ts = [0.0] * len(td)
        for bi, rows in enumerate(eco.demand_of):
            if rows:
                met = 0.0
                for r in rows:
                    met += min(ci[r], md[r]) / md[r]
                ratio = met / len(rows)
                for s in eco.supply_of[bi]:
                    co[s] = ms[s] * ratio
            for s in eco.supply_of[bi]:
                ts[eco.s_goods[s]] += co[s]
    price = [_price(eco.base_price[x], td[x], ts[x]) for x in range(len(td))]
    return _Market(td, ts, price)


class BuildingSimulator(Simulator):
    name = "building"
    title = "Building expansion (DQA Building)"
    objective = "minimise"
    unit = "£"
    Parameters = BuildingParameters
    Decision = BuildingDecision
    tables = TABLES
    rule_sets = ("dqa", "rules")
    rule_notes: ClassVar[Mapping[str, str]] = {
        "dqa": "the rules as the DQA benchmark's annotation applied them, which count the "
        "dumped maximum demand beside the scaled one and add the dumped output to the first "
        "supply (reproduces its labels)",
        "rules": "the business rules as written (reproduces the dumped prices)",
    }

    def __init__(self, state: State, parameters: BaseModel, rules: str | None = None) -> None:
        super().__init__(state, parameters, rules)
        assert isinstance(parameters, BuildingParameters)
        eco = _economy(self.state)
        if parameters.goods not in eco.goods_by_name:
            raise SimulatorInputError(
                f"unknown goods {parameters.goods!r}; the goods are: "
                + ", ".join(eco.goods_names)
            )
        if not eco.building_ids:
            raise StateError(
                f"{self.state.origin}: the `building` table is empty, so there is no building to "
                "raise; this state cannot answer a building question"
            )
        self.eco = eco
        self.g = eco.goods_by_name[parameters.goods]

    def candidates(self) -> Sequence[DecisionKey]:
        return list(self.eco.building_ids)

    def describe(self) -> str:
        return f"market price of {self.eco.goods_names[self.g]}"

    def label(self, decision: DecisionKey) -> str:
        """A building as its kind and level: "Food industry, level 3 (id 1234)"."""
        b = self.eco.building_index.get(int(decision))
        if b is None:
            return str(decision)
        kind = _kind(self.eco.building_names[b])
        return f"{kind}, level {self.eco.building_level[b]} (id {decision})"

    @classmethod
    def value_label(cls, column: str, value: object) -> str | None:
        """A building's kind by its name ("Furniture manufacturies"), as `label` says it."""
        if column == "name" and isinstance(value, str) and value.startswith("building_"):
            return _kind(value)
        return None

    def factor(self, b: int) -> float:
        level = self.eco.building_level[b]
        return (level + LEVELS_ADDED) / level

    def market(self, b: int | None) -> _Market:
        """Settle the whole market with building `b` (an index) raised, or none."""
        return _settle(self.eco, self.rules == "dqa", b, None if b is None else self.factor(b))

    def simulate(self, decision: DecisionKey | None) -> Outcome:
        eco = self.eco
        b = None
        if decision is not None:
            b = eco.building_index[int(self.parse_decision(decision))]
        m = self.market(b)
        g = self.g
        details: dict[str, float | int | str | bool | None] = {
            "price": m.price[g],
            "goods": eco.goods_names[g],
            "base_price": eco.base_price[g],
            "dumped_price": eco.current_price[g],
            "demand": m.td[g],
            "supply": m.ts[g],
        }
        if b is not None:
            level = eco.building_level[b]
            details.update(
                building=eco.building_names[b],
                level_before=level,
                level_after=level + LEVELS_ADDED,
                supplies_goods=any(eco.s_goods[s] == g for s in eco.supply_of[b]),
                uses_goods=any(eco.d_goods[r] == g for r in eco.demand_of[b]),
            )
        return Outcome(m.price[g], details)

    # -- the fast sweep

    def sweep(self) -> Sequence[float]:
        eco = self.eco
        n_b = len(eco.building_ids)
        n_g = len(eco.goods_names)
        n_s = len(eco.max_supply)
        n_d = len(eco.max_demand)
        dqa = self.rules == "dqa"
        # Candidate k raises building k: scale its rows in row k of the matrices.
        md = np.tile(np.asarray(eco.max_demand, dtype=np.float64), (n_b, 1))
        ms = np.tile(np.asarray(eco.max_supply, dtype=np.float64), (n_b, 1))
        for b in range(n_b):
            f = self.factor(b)
            if eco.demand_of[b]:
                rows = list(eco.demand_of[b])
                md[b, rows] = f * np.asarray([eco.max_demand[r] for r in rows])
            if eco.supply_of[b]:
                rows = list(eco.supply_of[b])
                ms[b, rows] = f * np.asarray([eco.max_supply[r] for r in rows])
        # Sums "by goods, one term at a time": the k-th term of every goods at once.
        d_terms = _terms(eco.d_goods, range(n_d), n_g, pad=n_d)
        s_terms_file = _terms(eco.s_goods, range(n_s), n_g, pad=n_s)
        in_round = [s for rows in eco.supply_of for s in rows]
        s_terms_round = _terms([eco.s_goods[s] for s in in_round], in_round, n_g, pad=n_s)
        md_pad = np.concatenate([md, np.zeros((n_b, 1))], axis=1)
        ms_pad = np.concatenate([ms, np.zeros((n_b, 1))], axis=1)
        scaled_demand = np.zeros((n_b, n_g), dtype=np.float64)
        for k in d_terms:
            scaled_demand += md_pad[:, k]
        scaled_supply = np.zeros((n_b, n_g), dtype=np.float64)
        for k in s_terms_file:
            scaled_supply += ms_pad[:, k]
        pop = np.asarray(eco.pop_demand, dtype=np.float64)
        if dqa:
            dumped_demand = _sums(eco.max_demand, eco.d_goods, n_g)
            td = (pop + np.asarray(dumped_demand, dtype=np.float64)) + scaled_demand
            dumped_output = np.asarray(_sums(eco.output, eco.s_goods, n_g), dtype=np.float64)
            ts = dumped_output + scaled_supply
        else:
            td = pop + scaled_demand
            ts = scaled_supply
        co = np.tile(np.append(np.asarray(eco.output, dtype=np.float64), 0.0), (n_b, 1))
        # Buildings with inputs: the k-th demand row of each, to average in order.
        users = [bi for bi, rows in enumerate(eco.demand_of) if rows]
        producing = [s for bi in users for s in eco.supply_of[bi]]
        column = {bi: c for c, bi in enumerate(users)}
        producer_col = np.asarray(
            [column[bi] for bi in users for _ in eco.supply_of[bi]], dtype=np.intp
        )
        counts = np.asarray([len(eco.demand_of[bi]) for bi in users], dtype=np.float64)
        depth = max((len(eco.demand_of[bi]) for bi in users), default=0)
        met_terms = [
            np.asarray(
                [eco.demand_of[bi][k] if k < len(eco.demand_of[bi]) else n_d for bi in users],
                dtype=np.intp,
            )
            for k in range(depth)
        ]
        d_goods = np.asarray(eco.d_goods, dtype=np.intp)
        producing_idx = np.asarray(producing, dtype=np.intp)
        ms_producing = ms[:, producing_idx] if producing else None
        ratio_pad = np.zeros((n_b, n_d + 1), dtype=np.float64)
        for _ in range(ROUNDS):
            ci = md * ts[:, d_goods] / td[:, d_goods]
            np.divide(np.minimum(ci, md), md, out=ratio_pad[:, :n_d])
            if ms_producing is not None:  # buildings with inputs and outputs
                met = np.zeros((n_b, len(users)), dtype=np.float64)
                for k in met_terms:
                    met += ratio_pad[:, k]
                ratio = met / counts
                co[:, producing_idx] = ms_producing * ratio[:, producer_col]
            ts = np.zeros((n_b, n_g), dtype=np.float64)
            for k in s_terms_round:
                ts += co[:, k]
        g = self.g
        td_g = td[:, g]
        ts_g = ts[:, g]
        top = np.maximum(td_g, ts_g)
        swing = np.zeros(n_b, dtype=np.float64)
        np.divide(PRICE_SWING * (td_g - ts_g), top, out=swing, where=top != 0)
        price = eco.base_price[g] * (1 + swing)
        return [float(v) for v in price]


def _terms(
    goods: Sequence[int], rows: Sequence[int], n_goods: int, *, pad: int
) -> list[np.ndarray]:
    """Index vectors t_0, t_1, ...: t_k[x] is the row of goods x's k-th term (in the given
    order), or `pad` (a zero column) when x has fewer terms."""
    per_goods: list[list[int]] = [[] for _ in range(n_goods)]
    for g, r in zip(goods, rows, strict=True):
        per_goods[g].append(r)
    depth = max((len(x) for x in per_goods), default=0)
    return [
        np.asarray([x[k] if k < len(x) else pad for x in per_goods], dtype=np.intp)
        for k in range(depth)
    ]


@dataclass(frozen=True)
class BasePrices:
    goods: tuple[str, ...]
    price: tuple[float, ...]
    """Per goods row: the `rules` base pass price."""
    dumped: tuple[float, ...]


def base_prices(state: State) -> BasePrices:
    """The `rules` base pass (no building raised): the self-consistency check compares its
    prices with the dumped `current_price` column, bit for bit."""
    eco = _economy(state.checked_for(TABLES))
    market = _settle(eco, False, None, None)
    return BasePrices(eco.goods_names, tuple(market.price), eco.current_price)


def _kind(name: str) -> str:
    """A building's kind in words. The saves name kinds "building_maize_farmlevel": the
    prefix and the glued "level" are the game's bookkeeping, not the name."""
    raw = name.removeprefix("building_").removesuffix("level")
    return (raw.replace("_", " ").strip() or name).capitalize()
