# ruff: noqa: E501  (HTML template lines)
"""Jinja2 templates of the HTML report and the trajectory viewer (autoescaped; inline CSS/JS only)."""

from __future__ import annotations

# Sections off screen are not laid out until scrolled to (content-visibility): the full-shape index
# has about 5,000 table rows and loads in 0.6 s instead of 4 s in headless Chromium (docs/performance.md).
STYLE = """
section{content-visibility:auto;contain-intrinsic-size:auto 600px}
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1400px}
table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}
th,td{border:1px solid #ccc;padding:3px 7px;vertical-align:top}
th{background:#f3f3f3}
td.num{text-align:right;white-space:nowrap}
.stamp-ref{color:#b00000;font-size:13px;margin:.3em 0}.stamp-ref a{color:inherit}
.scroll{overflow-x:auto;max-width:100%}
#episodes-table th:nth-child(2),#episodes-table td:nth-child(2){position:sticky;left:0;background:#fff;z-index:1}
.stamp{background:#fff0f0;border:2px solid #b00000;color:#b00000;font-weight:bold;padding:.6em;margin:.5em 0}
.note{color:#555;font-size:12px;max-width:1100px}
.filters{position:sticky;top:0;background:#fff;padding:.4em 0;border-bottom:1px solid #ddd;z-index:2}
.filters label{margin-right:1em}
.plots img{max-width:100%;border:1px solid #eee;margin:.3em 0}
pre{background:#f7f7f7;padding:.5em;overflow:auto;max-height:28em;white-space:pre-wrap;word-break:break-word}
.status-valid_success{color:#070}.status-valid_failure{color:#a00}.status-invalid_infrastructure{color:#a60}
.step{display:flex;gap:1.2em;border-top:1px solid #ddd;padding:.8em 0}
.shot{position:relative;flex:0 0 auto;width:300px}
.shot img,.shot svg{width:300px;display:block}
.shot svg{position:absolute;left:0;top:0;height:100%}
.noshot{width:300px;height:120px;border:1px dashed #bbb;color:#888;display:flex;align-items:center;justify-content:center}
.stepinfo{flex:1 1 auto;min-width:0}
.crumbs,.pager{font-size:13px}.pager a,.pager strong{margin-right:.35em}
"""

FILTER_JS = """
(function(){
  var sels = document.querySelectorAll('select[data-filter]');
  function apply(){
    var want = {};
    sels.forEach(function(s){ if (s.value) want[s.dataset.filter] = s.value; });
    document.querySelectorAll('tr[data-row]').forEach(function(tr){
      var ok = true;
      Object.keys(want).forEach(function(k){
        var v = tr.getAttribute('data-' + k);
        if (v !== null && v !== '' && v !== want[k]) ok = false;
        if ((v === null || v === '') && tr.hasAttribute('data-strict')) ok = false;
      });
      tr.hidden = !ok;
    });
    var shown = document.querySelectorAll('#episodes tr[data-row]:not([hidden])').length;
    var counter = document.getElementById('episode-count');
    if (counter) counter.textContent = String(shown);
  }
  sels.forEach(function(s){ s.addEventListener('change', apply); });
  apply();
})();
"""

INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>AnyAppBench report</title><style>{{ style }}</style></head>
<body>
<h1>AnyAppBench report</h1>
{% if stamp %}<div class="stamp" id="stamp">{{ stamp }}</div>{% endif %}
<p class="note">{{ summary }}</p>
<div class="filters">
  <label>Category <select data-filter="category" id="filter-category"><option value="">all</option>
  {% for c in categories %}<option value="{{ c }}">{{ c }}</option>{% endfor %}</select></label>
  <label>App <select data-filter="app" id="filter-app"><option value="">all</option>
  {% for a in apps %}<option value="{{ a }}">{{ a }}</option>{% endfor %}</select></label>
  <label>Model <select data-filter="model" id="filter-model"><option value="">all</option>
  {% for m in models %}<option value="{{ m }}">{{ m }}</option>{% endfor %}</select></label>
</div>
<nav><ul>
<li><a href="#leaderboard">Leaderboard</a></li><li><a href="#provenance">Provenance and verification</a></li>
{% for t in tables %}<li><a href="#{{ t.key }}">{{ t.title }}</a></li>{% endfor %}
<li><a href="#plots">Plots</a></li><li><a href="#failure-modes">Failure modes</a></li><li><a href="#episodes">Episodes</a></li>
</ul></nav>
{% for s in site_sections %}{{ s }}{% endfor %}
{% for t in tables %}
<section id="{{ t.key }}"><h2>{{ t.title }}</h2>
{% if t.stamp %}<p class="stamp-ref"><a href="#stamp">not analysis-eligible: see the banner above</a></p>{% endif %}
<div class="scroll"><table><thead><tr>{% for c in t.columns %}<th>{{ c }}</th>{% endfor %}</tr></thead><tbody>
{% for row in t.rows %}{% set f = t.filters[loop.index0] if t.filters|length > loop.index0 else {} %}
<tr data-row{% for k, v in f.items() %} data-{{ k }}="{{ v }}"{% endfor %}>{% for cell in row %}<td{% if loop.index0 >= t.numeric_from %} class="num"{% endif %}>{% if f.app and cell == f.app and app_links[cell] %}<a href="{{ app_links[cell] }}">{{ cell }}</a>{% else %}{{ cell }}{% endif %}</td>{% endfor %}</tr>
{% endfor %}</tbody></table></div>
{% if t.note %}<p class="note">{{ t.note }}</p>{% endif %}
</section>
{% endfor %}
<section id="plots" class="plots"><h2>Plots</h2>
{% if stamp %}<p class="stamp-ref"><a href="#stamp">not analysis-eligible: see the banner above</a></p>{% endif %}
{% for p in plots %}<figure><img src="{{ p.src }}" alt="{{ p.alt }}"><figcaption><a href="{{ p.svg }}">SVG</a> · <a href="{{ p.src }}">PNG</a></figcaption></figure>{% endfor %}
</section>
<section id="failure-modes"><h2>Failure modes</h2>
{% for s in extra_sections %}{{ s }}{% else %}<p class="note">No failure-mode analysis available.</p>{% endfor %}
</section>
<section id="episodes"><h2>Episodes ({{ n_episodes }}) by app</h2>
<p class="note">Each app's page has its per-template table and its episodes, {{ page_size }} to a page; every episode links to its trajectory.</p>
<div class="scroll"><table id="apps-table"><thead><tr><th>Category</th><th>App</th><th>Role</th><th>Episodes</th><th>Success</th><th>Failure</th><th>Invalid</th><th>Episode pages</th></tr></thead><tbody>
{% for a in apps_pages %}<tr data-row data-category="{{ a.category }}" data-app="{{ a.app_id }}">
<td>{{ a.category }}</td><td><a class="app-link" href="{{ a.href }}">{{ a.app_id }}</a></td><td>{{ a.role }}</td><td class="num">{{ a.n }}</td><td class="num">{{ a.success }}</td><td class="num">{{ a.failure }}</td><td class="num">{{ a.invalid }}</td><td>{% for p in a.pages %}<a class="page-link" href="{{ p.href }}">{{ p.number }}</a> {% endfor %}</td></tr>
{% endfor %}</tbody></table></div></section>
<script>{{ filter_js|safe }}</script>
</body></html>
"""

VIEWER = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{{ r.test_id }} — AnyAppBench trajectory</title><style>{{ style }}</style></head>
<body>
{% if back %}<p><a id="back" href="{{ back }}">← episode list</a>{% if home %} · <a id="home" href="{{ home }}">report</a>{% endif %}</p>{% endif %}
<h1>{{ r.test_id }}</h1>
{% if stamp %}<div class="stamp">{{ stamp }}</div>{% endif %}
<table id="summary">
<tr><th>Status</th><td class="status-{{ r.status }}" id="status">{{ r.status }}</td></tr>
<tr><th>Run</th><td>{{ run_id }}</td></tr>
<tr><th>Model / agent</th><td>{{ model }}</td></tr>
<tr><th>Condition</th><td id="condition">{{ head.condition }}</td></tr>
<tr><th>App</th><td id="app">{{ head.app }}</td></tr>
<tr><th>Template / instance</th><td id="template">{{ head.template }}</td></tr>
<tr><th>Stop reason</th><td>{{ r.stop_reason }}</td></tr>
<tr><th>Duration</th><td>{{ "%.2f"|format(r.duration_s or 0) }} s</td></tr>
</table>
<h2>Goal</h2><pre id="goal">{{ r.prompt_goal }}</pre>
{% if r.plan %}<h2>Plan ({{ r.plan.plan_key }})</h2><pre>{{ r.plan.plan_text }}</pre>{% endif %}
<h2>Verdict</h2>
{% if r.verifier %}
<p id="verdict">{{ "success" if r.verifier.success else "failure" }}</p>
<h3>Reasons</h3><ul id="reasons">{% for x in r.verifier.reasons %}<li>{{ x }}</li>{% else %}<li>(none)</li>{% endfor %}</ul>
<h3>Evidence</h3><pre id="evidence">{{ evidence }}</pre>
{% else %}<p id="verdict">no verifier read</p>{% endif %}
{% if r.exception %}<h3>Exception</h3><pre id="exception">{{ exception }}</pre>{% endif %}
{% if r.answer %}<h3>Answer</h3><pre>{{ r.answer }}</pre>{% endif %}
<h2>Steps ({{ steps|length }})</h2>
{% for s in steps %}
<div class="step" id="step-{{ s.index }}">
  {% if s.src %}<div class="shot"><img src="{{ s.src }}" alt="step {{ s.index }} screenshot">
  <svg viewBox="0 0 {{ s.w }} {{ s.h }}" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg">
    <defs><marker id="arrow-{{ s.index }}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e00"/></marker></defs>
    {% for m in s.marks %}
      {% if m.kind == "tap" %}<circle class="mark-tap" cx="{{ m.x }}" cy="{{ m.y }}" r="{{ m.r }}" fill="none" stroke="#e00" stroke-width="{{ m.sw }}"/><circle cx="{{ m.x }}" cy="{{ m.y }}" r="{{ m.sw }}" fill="#e00"/>
      {% elif m.kind == "swipe" %}<line class="mark-swipe" x1="{{ m.x }}" y1="{{ m.y }}" x2="{{ m.x2 }}" y2="{{ m.y2 }}" stroke="#e00" stroke-width="{{ m.sw }}" marker-end="url(#arrow-{{ s.index }})"/>
      {% elif m.kind == "text" %}<rect x="{{ m.x - 4 }}" y="{{ m.y - m.fs }}" width="{{ m.w }}" height="{{ m.fs * 1.4 }}" fill="#fffbe6" stroke="#e00" stroke-width="2" opacity="0.92"/><text class="mark-text" x="{{ m.x }}" y="{{ m.y }}" font-size="{{ m.fs }}" fill="#b00">{{ m.text }}</text>
      {% endif %}
    {% endfor %}
  </svg></div>{% else %}<div class="noshot">no screenshot</div>{% endif %}
  <div class="stepinfo">
    <h3>Step {{ s.index }}: <code class="action">{{ s.action_text }}</code></h3>
    {% if s.thought %}<h4>Thought</h4><pre>{{ s.thought }}</pre>{% endif %}
    <h4>Raw model output</h4><pre class="raw-output">{{ s.raw_output }}</pre>
    <p class="note">observe {{ s.t.observe }} s · agent {{ s.t.agent }} s (model {{ s.t.model }} s, {{ s.t.calls }} calls) · actuate {{ s.t.actuate }} s · verify {{ s.t.verify }} s{% if s.usage %} · tokens {{ s.usage }}{% endif %}{% if s.early is not none %} · early-stop read: {{ s.early }}{% endif %}</p>
  </div>
</div>
{% endfor %}
{% if r.attempts %}<h2>Attempts</h2><pre>{{ attempts }}</pre>{% endif %}
<h2>Provenance</h2><pre id="provenance">{{ provenance }}</pre>
</body></html>
"""

LAYOUT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{% block title %}{% endblock %} — AnyAppBench</title><style>{{ style }}</style></head>
<body>
<p class="crumbs"><a id="home" href="{{ home }}">report</a>{% block crumbs %}{% endblock %}</p>
{% block heading %}{% endblock %}
{% if stamp %}<div class="stamp" id="stamp">{{ stamp }}</div>{% endif %}
{% block content %}{% endblock %}
</body></html>
"""

#: One app: its success per model × condition and per template, and the pages listing its episodes.
APP_PAGE = """{% extends "layout" %}
{% block title %}{{ app.app_id }}{% endblock %}
{% block heading %}<h1>{{ app.app_id }}</h1>
<p class="note">Category {{ app.category }} · {{ app.role }} app{% if app.package %} · {{ app.package }}{% endif %} · {{ app.n }} episodes</p>{% endblock %}
{% block content %}
<section id="per-template"><h2>Success per model × condition and per template</h2>
<div class="scroll"><table id="app-table"><thead><tr><th>Model</th><th>Condition</th><th>App SR (success/valid)</th><th>Invalid</th><th>Missing</th>
{% for t in templates %}<th>{{ t }}</th>{% endfor %}<th>Tokens / episode</th><th>Episodes on page</th></tr></thead><tbody>
{% for r in rows %}<tr data-row data-model="{{ r.model }}"><td>{{ r.model }}</td><td>{{ r.condition }}</td><td class="num">{{ r.rate }}</td><td class="num">{{ r.invalid }}</td><td class="num">{{ r.missing }}</td>
{% for t in templates %}<td class="num">{{ r.templates.get(t, "--") }}</td>{% endfor %}<td class="num">{{ r.tokens }}</td><td>{% for p in r.pages %}<a class="page-link" href="{{ p.href }}">{{ p.number }}</a> {% endfor %}</td></tr>
{% endfor %}</tbody></table></div>
<p class="note">App SR = mean over its templates of the template's success over valid instances (the report's hierarchy); template cells are that template's rate. Invalid and missing are scheduled cells without a valid verdict.</p>
</section>
<section id="pages"><h2>Episode pages ({{ pages|length }})</h2>
<div class="scroll"><table id="pages-table"><thead><tr><th>Page</th><th>Episodes</th><th>First</th><th>Last</th></tr></thead><tbody>
{% for p in pages %}<tr><td><a class="page-link" href="{{ p.href }}">{{ p.number }}</a></td><td class="num">{{ p.n }}</td><td>{{ p.first }}</td><td>{{ p.last }}</td></tr>
{% endfor %}</tbody></table></div></section>
{% endblock %}
"""

#: One page of an app's episodes (a fixed number per page), each linked to its trajectory viewer.
EPISODE_PAGE = """{% extends "layout" %}
{% block title %}{{ app.app_id }} episodes {{ number }}/{{ n_pages }}{% endblock %}
{% block crumbs %} › <a id="app" href="{{ app_href }}">{{ app.app_id }}</a>{% endblock %}
{% block heading %}<h1>{{ app.app_id }}: episodes, page {{ number }} of {{ n_pages }}</h1>{% endblock %}
{% block content %}
<nav class="pager" id="pager">{% if prev %}<a id="prev" href="{{ prev }}">← previous</a>{% endif %}
{% for p in pages %}{% if p.number == number %}<strong>{{ p.number }}</strong>{% else %}<a class="page-link" href="{{ p.href }}">{{ p.number }}</a>{% endif %} {% endfor %}
{% if next %}<a id="next" href="{{ next }}">next →</a>{% endif %}</nav>
<div class="filters">
  <label>Model <select data-filter="model" id="filter-model"><option value="">all</option>
  {% for m in models %}<option value="{{ m }}">{{ m }}</option>{% endfor %}</select></label>
  <label>Condition <select data-filter="condition" id="filter-condition"><option value="">all</option>
  {% for c in conditions %}<option value="{{ c }}">{{ c }}</option>{% endfor %}</select></label>
  <label>Status <select data-filter="status" id="filter-status"><option value="">all</option>
  {% for s in statuses %}<option value="{{ s }}">{{ s }}</option>{% endfor %}</select></label>
</div>
<section id="episodes"><h2>Episodes <span id="episode-count">{{ episodes|length }}</span> of {{ episodes|length }} on this page ({{ first }}–{{ last }} of {{ app.n }})</h2>
<div class="scroll" id="episodes-scroll"><table id="episodes-table"><thead><tr><th>Run</th><th>Episode</th><th>Model</th><th>Condition</th><th>Template</th><th>Instance</th><th>Status</th><th>Steps</th><th>Duration (s)</th><th>Cause</th></tr></thead><tbody>
{% for e in episodes %}<tr data-row data-strict data-model="{{ e.model }}" data-condition="{{ e.condition }}" data-status="{{ e.status }}">
<td>{{ e.run_id }}</td><td>{% if e.href %}<a class="episode-link" href="{{ e.href }}">{{ e.test_id }}</a>{% else %}{{ e.test_id }} (no record){% endif %}</td><td>{{ e.model }}</td><td>{{ e.condition }}</td><td>{{ e.semantic_id }}</td><td class="num">{{ e.instance }}</td><td class="status-{{ e.status }}">{{ e.status }}</td><td class="num">{{ e.steps }}</td><td class="num">{{ "%.1f"|format(e.duration_s) }}</td><td>{{ e.failure_cause }}</td></tr>
{% endfor %}</tbody></table></div></section>
<script>{{ filter_js|safe }}</script>
{% endblock %}
"""
