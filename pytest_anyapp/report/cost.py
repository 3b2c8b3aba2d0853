"""What a run cost: tokens, model calls, model-seconds, device-seconds and wall time, per model ×
condition (× category × app), per episode, per success and in total, over every recorded episode
(invalid ones and retried attempts cost too). Money only from a price the user gives, shown with
its source and date; nothing is fetched.

``--prices FILE`` (JSON): ``{"<model>": {"per_input_token": 1.5e-7, "per_output_token": 6e-7,
"source": "provider price page", "date": "2026-11-30"}}`` for API models, or ``{"per_gpu_hour":
2.1, "gpus": 1, "source": "...", "date": "..."}`` for self-hosted ones (money = model-seconds ×
GPUs × price per GPU-hour).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, model_validator

if TYPE_CHECKING:
    from pytest_anyapp.report.index import Index


class Price(BaseModel):
    per_input_token: float | None = Field(None, ge=0)
    per_output_token: float | None = Field(None, ge=0)
    per_gpu_hour: float | None = Field(None, ge=0)
    gpus: int = Field(1, ge=1)
    currency: str = "USD"
    source: str = Field(min_length=1, description="Where the price comes from (a price page, an invoice).")
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="When that price held.")

    @model_validator(mode="after")
    def _one_kind(self) -> Price:
        per_token = self.per_input_token is not None or self.per_output_token is not None
        if per_token == (self.per_gpu_hour is not None):
            raise ValueError("give per-token prices (API models) or per_gpu_hour (self-hosted), not both or neither")
        return self

    def money(self, tokens_in: int, tokens_out: int, model_s: float) -> float:
        if self.per_gpu_hour is not None:
            return model_s / 3600 * self.gpus * self.per_gpu_hour
        return tokens_in * (self.per_input_token or 0.0) + tokens_out * (self.per_output_token or 0.0)


def load_prices(path: Path) -> dict[str, Price]:
    """Prices by model label; a clear error for a malformed file (before any report is built)."""
    raw = json.loads(Path(path).read_text())
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: a JSON object of model -> price")
    return {str(model): Price.model_validate(value) for model, value in raw.items()}


class CostRow(BaseModel):
    model: str
    condition: str
    category: str = Field("", description="Empty for the model × condition total.")
    app_id: str = ""
    episodes: int = 0
    successes: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    model_calls: int = 0
    model_s: float = 0.0
    device_s: float = 0.0
    wall_s: float = 0.0
    money: float | None = Field(None, description="Only with a price given for this model.")
    currency: str = ""

    def per(self, field: str, *, success: bool = False) -> float | None:
        value = getattr(self, field)
        n = self.successes if success else self.episodes
        return None if value is None or n == 0 else float(value) / n


class Costs(BaseModel):
    totals: list[CostRow] = Field(default_factory=list, description="Per model × condition.")
    per_app: list[CostRow] = Field(default_factory=list, description="Per model × condition × category × app.")
    prices: dict[str, Price] = Field(default_factory=dict)


_SQL = """
SELECT model, condition, {keys}
       count(*) AS episodes, count(*) FILTER (WHERE success = 1) AS successes,
       sum(tokens_in) AS tokens_in, sum(tokens_out) AS tokens_out, sum(model_calls) AS model_calls,
       sum(model_s) AS model_s, sum(device_s) AS device_s, sum(duration_s) AS wall_s
FROM episodes GROUP BY ALL ORDER BY ALL
"""


def build_costs(index: Index, prices: dict[str, Price] | None = None) -> Costs:
    prices = prices or {}
    costs = Costs(prices=prices)
    for keys, target in (("", costs.totals), ("category, app_id,", costs.per_app)):
        for row in _rows(index, _SQL.format(keys=keys)):
            price = prices.get(row["model"])
            if price is not None:
                row["money"] = price.money(int(row["tokens_in"]), int(row["tokens_out"]), float(row["model_s"]))
                row["currency"] = price.currency
            target.append(CostRow.model_validate(row))
    return costs


def _rows(index: Index, sql: str) -> list[dict[str, Any]]:
    cursor = index.con.execute(sql)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]


