"""Typed output of ``anyapp report``: every number of the publication report (``report.json``).

Rates are fractions in [0, 1]; ``None`` means undefined (no data), never 0.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from pytest_anyapp.report.cost import Costs

REPORT_SCHEMA_VERSION = 1


class Interval(BaseModel):
    lo: float | None = None
    hi: float | None = None


class Counts(BaseModel):
    scheduled: int = 0
    valid: int = 0
    success: int = 0
    failure: int = 0
    invalid: int = Field(0, description="Scheduled cells whose selected record is invalid.")
    missing: int = Field(0, description="Scheduled cells without any record.")
    replicate_records: int = Field(0, description="Records beyond the first (replicate runs) for these cells.")


class AppRate(BaseModel):
    category: str
    app_id: str
    display_name: str = ""
    is_original: bool
    rate: float | None
    template_rates: dict[str, float | None] = Field(default_factory=dict)
    counts: Counts = Field(default_factory=Counts)


class CategoryHeadline(BaseModel):
    category: str
    original_app_id: str | None = None
    original: float | None = None
    new: float | None = None
    delta: float | None = None
    new_sd: float | None = Field(None, description="Population SD of the new apps' rates.")
    n_new_apps: int = 0
    original_ci: Interval = Field(default_factory=Interval)
    new_ci: Interval = Field(default_factory=Interval)
    delta_ci: Interval = Field(default_factory=Interval)
    counts: Counts = Field(default_factory=Counts)


class Headline(BaseModel):
    """One (model, condition): notes §10.1."""

    model: str
    condition: str
    seed: int | None = None
    categories: list[CategoryHeadline] = Field(default_factory=list)
    support: list[str] = Field(default_factory=list, description="Categories with both rates (overall's support).")
    original: float | None = None
    new: float | None = None
    delta: float | None = None
    new_sd: float | None = Field(None, description="Population SD across all new apps' rates.")
    original_ci: Interval = Field(default_factory=Interval)
    new_ci: Interval = Field(default_factory=Interval)
    delta_ci: Interval = Field(default_factory=Interval)
    apps: list[AppRate] = Field(default_factory=list)
    counts: Counts = Field(default_factory=Counts)
    runs: list[str] = Field(default_factory=list)


class TransitionCounts(BaseModel):
    exact_valid_pairs: int = 0
    pass_pass: int = 0
    c1_pass_c2_fail: int = 0
    c1_fail_c2_pass: int = 0
    fail_fail: int = 0
    plan_harmed_rate: float | None = None
    planning_responsive_rate: float | None = None
    mcnemar_exact_p: float = 1.0
    mcnemar_exact_p_two_sided: str = "1"


class ContrastCell(BaseModel):
    """C2 − C1 over exact valid pairs of one scope (model, category or app), hierarchical."""

    scope: str
    c1: float | None = None
    c2: float | None = None
    delta: float | None = None
    delta_ci: Interval = Field(default_factory=Interval)
    transitions: TransitionCounts = Field(default_factory=TransitionCounts)


class Contrast(BaseModel):
    """notes §10.2 for one model and one C2 condition."""

    model: str
    contrast: str
    treatment: str
    seed: int
    overall: ContrastCell
    categories: list[ContrastCell] = Field(default_factory=list)
    apps: list[ContrastCell] = Field(default_factory=list, description="scope = category/app_id; point estimates")
    provenance_mismatches: list[str] = Field(default_factory=list)
    unpaired: int = Field(0, description="Semantic keys with only one side, or an invalid side.")


class PooledCell(BaseModel):
    """Table E.1 cell: pooled over replicate runs (not hierarchical)."""

    scheduled: int = 0
    c2_valid: int = 0
    c2_success: int = 0
    c1_valid: int = 0
    c1_success: int = 0
    c2_rate: float | None = Field(None, description="100 * success / valid (percent)")
    c1_rate: float | None = None
    delta_pp: float | None = None
    incomplete: bool = Field(False, description="C2 valid < scheduled (marked *).")


class PooledRow(BaseModel):
    category: str
    app_id: str | None = Field(None, description="None for the category's (all apps) row; '' for Overall.")
    label: str
    cells: dict[str, PooledCell] = Field(default_factory=dict, description="model -> cell")


class PerAppDelta(BaseModel):
    contrast: str
    models: list[str]
    pooled: list[PooledRow] = Field(default_factory=list)


class ScenarioRates(BaseModel):
    original: float | None = None
    new: float | None = None
    delta: float | None = None
    retention: float | None = None


class AttritionCondition(BaseModel):
    model: str
    condition: str
    unmeasured_cells: int
    scenarios: dict[str, ScenarioRates]
    original_bounds: Interval
    new_bounds: Interval
    delta_bounds: Interval


class AttritionContrast(BaseModel):
    model: str
    contrast: str
    original_difference_bounds: Interval
    new_difference_bounds: Interval
    delta_difference_bounds: Interval
    sensitivity_all_fail: ScenarioRates
    sensitivity_all_success: ScenarioRates
    pass_pass: int = 0
    earlier_pass_later_fail: int = 0
    earlier_fail_later_pass: int = 0
    fail_fail: int = 0


class Attrition(BaseModel):
    primary_point_estimate_permitted: bool
    bounds_required: bool
    conditions: list[AttritionCondition] = Field(default_factory=list)
    contrasts: list[AttritionContrast] = Field(default_factory=list)


class PassAtK(BaseModel):
    model: str
    condition: str
    cohort_sha256: str = ""
    replicate_runs: list[str] = Field(default_factory=list)
    values: dict[int, float | None] = Field(default_factory=dict, description="k -> hierarchical pass@k")
    per_category: dict[str, dict[int, float | None]] = Field(default_factory=dict)
    pass_hat_k: dict[int, float | None] = Field(default_factory=dict, description=(
        "k -> hierarchical pass^k = C(c,k)/C(n,k): the chance that k repeats of a pair all succeed"))
    repeated_pairs: int = Field(0, description="Scheduled pairs with at least two valid verdicts across the repeats.")
    flipped_pairs: int = Field(0, description="Of those, pairs whose valid verdicts differ (flaky).")
    flip_rate: float | None = Field(None, description="flipped_pairs / repeated_pairs.")
    flaky: dict[str, list[str]] = Field(default_factory=dict, description="app -> '<template> i<instance>' that flip.")
    run_success: dict[str, dict[str, float | None]] = Field(default_factory=dict, description=(
        "run -> hierarchical success of that repeat alone ('original', 'new')"))
    spread: dict[str, dict[str, float | None]] = Field(default_factory=dict, description=(
        "'original'/'new' -> min, max and SD of the headline success across repeats"))


class RunEligibility(BaseModel):
    run_id: str
    eligible: bool
    reasons: list[str] = Field(default_factory=list)


class Eligibility(BaseModel):
    eligible: bool
    partial_declared: bool = False
    reasons: list[str] = Field(default_factory=list)
    runs: list[RunEligibility] = Field(default_factory=list)

    @property
    def stamp(self) -> str | None:
        """The banner every table and plot carries when the input is not analysis-eligible."""
        if self.eligible:
            return None
        return "NOT ANALYSIS-ELIGIBLE: " + "; ".join(self.reasons)


class EpisodeRef(BaseModel):
    """One episode as listed in the HTML report."""

    run_id: str
    test_id: str
    model: str
    condition: str
    category: str
    app_id: str
    semantic_id: str
    instance: int
    status: str
    steps: int
    duration_s: float
    failure_cause: str = ""
    episode_dir: str = ""


class Report(BaseModel):
    schema_version: int = REPORT_SCHEMA_VERSION
    replicates: int
    base_seed: int
    confidence: float
    inputs: list[str] = Field(default_factory=list)
    benchmark_version: str | None = Field(None, description="What every number means (CHANGELOG.md); reports "
                                                            "refuse inputs of several versions.")
    n_records: int = 0
    eligibility: Eligibility
    headlines: list[Headline] = Field(default_factory=list)
    contrasts: list[Contrast] = Field(default_factory=list)
    per_app_delta: list[PerAppDelta] = Field(default_factory=list)
    attrition: Attrition | None = None
    pass_at_k: list[PassAtK] = Field(default_factory=list)
    costs: Costs | None = Field(None, description="Tokens, calls, model/device/wall seconds; money from given prices.")
    notes: list[str] = Field(default_factory=list)
