"""The DQA rules transcribed plainly, one candidate at a time, to check the simulators against.

Written from the rules as documented (ARCHITECTURE.md, "The DQA scenarios", and the module
docstrings of planrag/simulators/building.py and locating.py), not from the simulators' code:
dicts in file order, Python floats, one term added at a time with `+=` (never the built-in
`sum`, whose float summation changed in Python 3.12), every expression written in the order
the rules state it. Nothing here is vectorised, cached across different inputs or shared with
the production code except the dump parser that produced the rows.

Every function takes the rows of a state (the tuples of `State.rows`, in the columns of the
simulator's `TableSpec`s) and returns plain floats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Rows = Sequence[tuple[Any, ...]]

# -- Building


def building_prices(
    tables: Mapping[str, Rows], raised: int | None, rules: str = "dqa", *,
    factor_first: bool = True,
) -> dict[str, float]:
    """The price of every goods (by name) after building `raised` (an id; None: no building)
    is raised by 5 levels. `factor_first=False` scales as `value * (L + 5) / L` instead of
    the documented `f * value`, to show that the comparison tells the two apart."""
    goods: dict[int, dict[str, Any]] = {}
    for name, code, base_price, _current_price, pop_demand in tables["goods"]:
        goods[code] = {"name": name, "base": base_price, "pop": pop_demand}
    level: dict[int, int] = {}
    for building_id, _name, building_level in tables["building"]:
        level[building_id] = building_level

    # 2. f = (L + 5) / L, computed first; a scaled value is f * value.
    f = None if raised is None else (level[raised] + 5) / level[raised]

    def scaled(building_id: int, value: float) -> float:
        if f is None or building_id != raised:
            return value
        if factor_first:
            return f * value
        return value * (level[raised] + 5) / level[raised]

    demand = [
        {"goods": g, "building": b, "dumped_md": md, "md": scaled(b, md), "ci": 0.0}
        for g, b, md in tables["demand"]
    ]
    supply = [
        {"goods": g, "building": b, "dumped_co": co, "ms": scaled(b, ms), "co": co}
        for g, b, ms, co in tables["supply"]
    ]

    # 3. TD = pop_demand + (sum of the dumped MD, for dqa) + (sum of the scaled MD).
    dumped_md_sum = {code: 0.0 for code in goods}
    md_sum = {code: 0.0 for code in goods}
    for row in demand:
        dumped_md_sum[row["goods"]] += row["dumped_md"]
        md_sum[row["goods"]] += row["md"]
    td: dict[int, float] = {}
    for code in goods:
        if rules == "dqa":
            td[code] = goods[code]["pop"] + dumped_md_sum[code] + md_sum[code]
        else:
            td[code] = goods[code]["pop"] + md_sum[code]

    # 4. The first TS = (sum of the dumped current_output, for dqa) + (sum of the scaled MS).
    dumped_co_sum = {code: 0.0 for code in goods}
    ms_sum = {code: 0.0 for code in goods}
    for row in supply:
        dumped_co_sum[row["goods"]] += row["dumped_co"]
        ms_sum[row["goods"]] += row["ms"]
    ts: dict[int, float] = {}
    for code in goods:
        ts[code] = dumped_co_sum[code] + ms_sum[code] if rules == "dqa" else ms_sum[code]

    inputs: dict[int, list[dict[str, Any]]] = {b: [] for b in level}
    outputs: dict[int, list[dict[str, Any]]] = {b: [] for b in level}
    for row in demand:
        inputs[row["building"]].append(row)
    for row in supply:
        outputs[row["building"]].append(row)

    # 5. Ten rounds.
    for _ in range(10):
        for row in demand:
            row["ci"] = row["md"] * ts[row["goods"]] / td[row["goods"]]
        ts = {code: 0.0 for code in goods}
        for b in level:
            if inputs[b]:
                met = 0.0
                for row in inputs[b]:
                    met += min(row["ci"], row["md"]) / row["md"]
                ratio = met / len(inputs[b])
                for row in outputs[b]:
                    row["co"] = row["ms"] * ratio
            for row in outputs[b]:
                ts[row["goods"]] += row["co"]

    # 6. Price = BP * (1 + 0.75 * (TD - TS) / max(TD, TS)); BP when both are 0.
    prices: dict[str, float] = {}
    for code, g in goods.items():
        if td[code] == 0 and ts[code] == 0:
            price = g["base"]
        else:
            price = g["base"] * (1 + 0.75 * (td[code] - ts[code]) / max(td[code], ts[code]))
        prices.setdefault(g["name"], price)
    return prices


# -- Locating


def locating_network(tables: Mapping[str, Rows]) -> dict[str, Any]:
    """The parts of a Locating state every candidate shares: nodes, edges, a topological
    order and the country table."""
    nodes: dict[str, dict[str, Any]] = {}
    for name, local_value, inland, total_power, _outgoing, ingoing in tables["trade_node"]:
        nodes[name] = {"lv": local_value, "inland": inland, "tp": total_power,
                       "ingoing": ingoing}
    dests: dict[str, list[str]] = {name: [] for name in nodes}
    for source, dest, _flow in tables["flow"]:
        dests[source].append(dest)
    # Kahn's order: nodes with no incoming edge first, in file order; a node joins the queue
    # once its last source is done.
    waiting = {name: 0 for name in nodes}
    for source in nodes:
        for dest in dests[source]:
            waiting[dest] += 1
    queue = [name for name in nodes if waiting[name] == 0]
    order: list[str] = []
    while queue:
        name = queue.pop(0)
        order.append(name)
        for dest in dests[name]:
            waiting[dest] -= 1
            if waiting[dest] == 0:
                queue.append(dest)
    assert len(order) == len(nodes), "the flow graph has a cycle"
    countries = {name: {"home": home, "dev": dev} for name, home, dev in tables["country"]}
    return {"nodes": nodes, "dests": dests, "order": order, "countries": countries,
            "rows": list(tables["node_country"])}


def locating_profit(
    net: Mapping[str, Any], country: str, merchant_at: str | None, rules: str = "dqa"
) -> float:
    """Country `country`'s profit at its home node with its merchant at `merchant_at`."""
    nodes: dict[str, dict[str, Any]] = net["nodes"]
    dests: dict[str, list[str]] = net["dests"]
    home = net["countries"][country]["home"]
    development = net["countries"][country]["dev"]

    # 2. Each row's power; the merchant's row gets 1.05 * (base + 2 + B).
    powers: list[tuple[str, bool, float]] = []
    has_row = False
    home_power = 0.0
    for node, owner, is_home, base in net["rows"]:
        power = base
        if owner == country and node == merchant_at:
            has_row = True
            bonus = 0.0
            if nodes[node]["inland"]:
                bonus = max(50, development) if rules == "dqa" else max(development / 3, 50)
            power = 1.05 * (base + 2 + bonus)
        if owner == country and node == home:
            home_power = power
        powers.append((node, is_home, power))

    # 3. TP(n) = (dumped total_power, for dqa) + the sum of the rows' powers; P(n) sums the
    # rows whose node is not their country's home.
    row_sum = {name: 0.0 for name in nodes}
    p = {name: 0.0 for name in nodes}
    for node, is_home, power in powers:
        row_sum[node] += power
        if not is_home:
            p[node] += power
    tp = {
        name: nodes[name]["tp"] + row_sum[name] if rules == "dqa" else row_sum[name]
        for name in nodes
    }

    # Steering: home if it is a destination, else the first destination from which home
    # can be reached (depth-first, in flow order).
    steer_to = None
    if merchant_at is not None and has_row:
        if home in dests[merchant_at]:
            steer_to = home
        else:
            for dest in dests[merchant_at]:
                if _reaches(dests, dest, home):
                    steer_to = dest
                    break

    # 4-5. Propagate.
    iv = {name: nodes[name]["ingoing"] if rules == "dqa" else 0.0 for name in nodes}
    out = {name: 0.0 for name in nodes}
    for n in net["order"]:
        if tp[n] != 0:
            out[n] = (nodes[n]["lv"] + iv[n]) * p[n] / tp[n]
        if n == merchant_at and steer_to is not None:
            iv[steer_to] += 1.05 * out[n]
        elif dests[n]:
            flow = out[n] / len(dests[n])
            for dest in dests[n]:
                iv[dest] += 1.05 * flow

    # 6. Profit.
    if tp[home] == 0:
        return 0.0
    profit: float = (nodes[home]["lv"] + iv[home] - out[home]) * home_power / tp[home]
    return profit


def _reaches(dests: Mapping[str, list[str]], start: str, goal: str) -> bool:
    """Whether `goal` can be reached from `start`, searched depth-first."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            stack.extend(dests[node])
    return False
