"""The page template (Jinja2, autoescaped; the script only ever writes text nodes)."""

PAGE = r"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Annotate case {{ n }} of {{ total }}</title>
<style nonce="{{ nonce }}">
body{font-family:sans-serif;margin:0;display:grid;grid-template-columns:16rem 1fr 20rem;height:100vh}
#queue{overflow:auto;border-right:1px solid #ccc;padding:.5rem} #queue ol{padding-left:1.2rem}
#queue li.current a{font-weight:bold} .dot{display:inline-block;width:.6rem;height:.6rem;border-radius:50%;
background:#ddd;margin-right:.3rem} .dot.done{background:#2a2} main{overflow:auto;padding:.8rem}
.chip{display:inline-block;background:#eef;border-radius:.8rem;padding:.1rem .6rem;margin:.1rem;font-size:.85rem}
#viewer img#frame{max-height:60vh;border:1px solid #999} .thumbs img{height:5rem;margin:.2rem;cursor:pointer;
border:2px solid transparent} .thumbs img.sel{border-color:#36c} #trace td{vertical-align:top;border-top:1px solid #eee;
padding:.2rem .4rem;white-space:pre-wrap} aside{border-left:1px solid #ccc;padding:.8rem;overflow:auto}
label{display:block;margin-top:.6rem} textarea{width:100%;height:8rem} .seg label{display:inline;margin-right:.6rem}
#status{margin-top:.5rem;color:#a22} dl.unblinded dt{font-weight:bold}
</style></head>
<body>
<nav id="queue"><div id="progress">{{ n_done }} / {{ total }} done</div>
<input id="filter" placeholder="filter" aria-label="filter queue">
<a id="next-unlabeled" href="/next">next unlabeled</a>
<ol>{% for q in queue %}<li class="{{ 'current' if q.n == n else '' }}" data-title="{{ q.title }}">
<span class="dot {{ 'done' if q.done else '' }}"></span><a href="/case/{{ q.n }}">{{ q.title }}</a></li>{% endfor %}</ol>
</nav>
<main>
<h1>Case {{ n }} of {{ total }}</h1>
<div id="chips">{% for k, v in chips.items() %}<span class="chip" data-chip="{{ k }}">{{ k }}: {{ v }}</span>{% endfor %}</div>
<p id="goal">{{ goal }}</p>
{% if unblinded %}<dl class="unblinded" id="unblinded">{% for k, v in unblinded.items() %}<dt>{{ k }}</dt><dd>{{ v }}</dd>{% endfor %}</dl>{% endif %}
<section id="viewer">{% if frames %}<img id="frame" alt="screenshot" src="/case/{{ n }}/frame/{{ frames[-1].k }}.jpg">
<div id="frame-caption">step {{ frames[-1].step }}</div>
<div class="thumbs">{% for f in frames %}<img class="thumb" alt="step {{ f.step }}" data-step="{{ f.step }}" src="/case/{{ n }}/frame/{{ f.k }}.jpg">{% endfor %}</div>
{% else %}<p>No screenshots recorded.</p>{% endif %}</section>
<h2>Step trace</h2>
<table id="trace"><tr><th>step</th><th>action</th><th>reasoning</th><th>error</th>{% if unblinded %}<th>raw output</th>{% endif %}</tr>
{% for t in trace %}<tr><td>{{ t.step }}</td><td>{{ t.action }}</td><td>{{ t.reasoning }}</td><td>{{ t.error }}</td>{% if unblinded %}<td>{{ t.raw_output }}</td>{% endif %}</tr>{% endfor %}
</table>
</main>
<aside><form id="label-form" data-case="{{ n }}" novalidate>
<label>Failure mode <select name="primary_failure_mode" required><option value="">choose</option>
{% for m in modes %}<option value="{{ m }}" title="{{ definitions[m] }}" {{ 'selected' if previous and previous.primary_failure_mode == m else '' }}>{{ m }}</option>{% endfor %}</select></label>
{% for axis in ['planning_score', 'grounding_score'] %}<label>{{ axis.replace('_', ' ') }}
<select name="{{ axis }}">{% for s in range(4) %}<option value="{{ s }}" {{ 'selected' if previous and previous[axis] == s else '' }}>{{ s }}</option>{% endfor %}</select></label>{% endfor %}
<div class="seg">Confidence {% for c in ['low', 'medium', 'high'] %}<label><input type="radio" name="confidence" value="{{ c }}" {{ 'checked' if (previous and previous.confidence == c) or (not previous and c == 'medium') else '' }}>{{ c }}</label>{% endfor %}</div>
<label>Rationale (required)<textarea name="rationale" required>{{ previous.rationale if previous else '' }}</textarea></label>
<label><input type="checkbox" name="suspect_validator" {{ 'checked' if previous_suspect else '' }}> suspect verifier (false negative?)</label>
<button type="submit" id="submit">Save and next</button><div id="status" role="status"></div>
</form></aside>
<script nonce="{{ nonce }}">
(function(){
  const filter=document.getElementById('filter');
  filter.addEventListener('input',()=>{const q=filter.value.toLowerCase();
    document.querySelectorAll('#queue li').forEach(li=>{li.hidden=!li.dataset.title.toLowerCase().includes(q);});});
  const big=document.getElementById('frame'), cap=document.getElementById('frame-caption');
  document.querySelectorAll('img.thumb').forEach(t=>t.addEventListener('click',()=>{
    big.src=t.src; cap.textContent='step '+t.dataset.step;
    document.querySelectorAll('img.thumb').forEach(o=>o.classList.toggle('sel',o===t));}));
  const form=document.getElementById('label-form'), status=document.getElementById('status');
  form.addEventListener('submit',async(e)=>{e.preventDefault();
    const f=new FormData(form); const rationale=(f.get('rationale')||'').toString();
    if(!f.get('primary_failure_mode')){status.textContent='choose a failure mode';return;}
    if(!rationale.trim()){status.textContent='a rationale is required';return;}
    const body={primary_failure_mode:f.get('primary_failure_mode'),planning_score:Number(f.get('planning_score')),
      grounding_score:Number(f.get('grounding_score')),confidence:f.get('confidence'),rationale:rationale,
      suspect_validator:f.get('suspect_validator')!==null};
    const r=await fetch('/case/'+form.dataset.case+'/label',{method:'POST',headers:{'Content-Type':'application/json'},
      body:JSON.stringify(body)});
    const j=await r.json();
    if(!r.ok){status.textContent='not saved: '+(j.error||r.status);return;}
    status.textContent='saved'; window.location.href=j.next||('/case/'+form.dataset.case);});
})();
</script>
</body></html>
"""
