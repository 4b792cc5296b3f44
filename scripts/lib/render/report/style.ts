// The report's inline stylesheet and script. No external URL anywhere: the page must open with
// no network, and its Content-Security-Policy forbids any fetch.

export const REPORT_CSS = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
main{max-width:1240px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:22px;margin:18px 0 4px}
h2{font-size:18px;margin:28px 0 8px;padding-bottom:4px;border-bottom:2px solid #d0d7de}
h3{font-size:15px;margin:16px 0 6px}
.meta{color:#57606a;margin:0 0 8px}
.banner{padding:18px 24px;font-weight:700;border-bottom:4px solid}
.banner-ok{background:#dafbe1;color:#0f5323;border-color:#1a7f37;font-size:16px}
.banner-own{background:#fff8c5;color:#4d2d00;border-color:#bf8700;font-size:16px}
.banner-detail{font-size:13px;font-weight:400;margin:4px 0 0}
.banner-tampered{background:#d1242f;color:#fff;border-color:#82071e;font-size:30px;line-height:1.2}
.banner-sub{padding:6px 24px;margin:0;border-bottom:1px solid #d0d7de}
.banner-tampered p{font-size:18px;margin:8px 0 0}
.banner-tampered ul{font:15px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:400;margin:10px 0 0;padding-left:20px;max-height:320px;overflow:auto}
.verdict{font-size:20px;font-weight:700;padding:10px 14px;border-radius:6px;margin:8px 0}
.v-ok{background:#dafbe1;color:#0f5323}.v-no{background:#ffebe9;color:#82071e}
.headline .scopes{display:flex;flex-wrap:wrap;gap:8px}
.headline .verdict{flex:1 1 0;min-width:14em;margin:8px 0 0}
.verdict small{display:block;font-size:12px;font-weight:400}
table{border-collapse:collapse;width:100%;background:#fff;margin:6px 0 12px;font-size:13px}
th,td{border:1px solid #d0d7de;padding:4px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere;min-width:4.5em}
th{overflow-wrap:normal}
#matrix-table td:first-child{min-width:10em}#matrix-table td:nth-child(3){min-width:9em}#matrix-table td:last-child{min-width:15em}
main,li,p,pre{overflow-wrap:anywhere}
pre{white-space:pre-wrap}
th{background:#eaeef2;position:sticky;top:0}
td.mono,span.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
.st{font-weight:700;white-space:nowrap}
td.st{min-width:4em}
.st small{font-weight:400;display:block;white-space:normal}
.note-ref{display:block;font-weight:400;font-size:12px;color:inherit}
ol.notes{font-size:13px;color:#57606a;margin:4px 0 12px}
.hash{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;white-space:nowrap}
.at-head{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:6px 12px;margin:8px 0}
.at-head p{margin:4px 0}
.signers{margin:2px 0 4px;padding-left:20px;columns:2}
.all-at-once{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:6px 10px}
.all-at-once code,td.cmd{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.picture-box{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:8px;overflow:hidden}
svg.picture{display:block;max-width:100%;height:auto}
svg.picture text{font:11px ui-monospace,SFMono-Regular,Menlo,monospace;fill:#1b1f24}
svg.picture g rect{stroke:#6e7781;stroke-width:.6}
svg.picture.untrusted g.pc{filter:grayscale(1)}
@media print{body{background:#fff}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}main{max-width:none}}
.st-pass{background:#dafbe1;color:#0f5323}.st-fail,.st-disputed{background:#ffebe9;color:#a40e26}
.st-blocked{background:#fff1e5;color:#953800}.st-stale{background:#fff8c5;color:#7d4e00}
.st-todo{background:#f6f8fa;color:#57606a}.st-not_applicable{background:#f6f8fa;color:#8c959f}
.st-not_required{background:#fff;color:#afb8c1;font-weight:400}
.st-superseded,.st-old{white-space:normal;min-width:11em}
td.supporting{min-width:15em}
.st-untrusted,.st-superseded,.st-old{background:#eaeef2;color:#57606a;font-weight:400}
details.evidence summary{cursor:pointer}
details.evidence pre{max-height:320px;overflow:auto;background:#f6f8fa;border:1px solid #d0d7de;padding:6px;white-space:pre-wrap;word-break:break-all;font-size:12px}
tr:target{outline:3px solid #0969da}
.counts{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0;padding:0;list-style:none}
.counts li{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:2px 10px}
.note{color:#57606a;font-size:13px}
.gap{color:#a40e26}
input[type=search]{padding:4px 8px;width:320px;border:1px solid #8c959f;border-radius:4px}
tr.hidden{display:none}
`;

// Filters the timeline and the matrix, copies a shortened hash whole; marks the page as scripted so a test can see the script ran.
export const REPORT_JS = `
(function(){
  function bind(inputId, tableId){
    var input=document.getElementById(inputId), t=document.getElementById(tableId);
    if(!input||!t){return;}
    input.addEventListener('input',function(){
      var q=input.value.toLowerCase();
      var rows=t.tBodies[0].rows;
      for(var i=0;i<rows.length;i++){
        var hit=q===''||rows[i].textContent.toLowerCase().indexOf(q)!==-1;
        rows[i].classList.toggle('hidden',!hit);
      }
    });
  }
  bind('timeline-filter','timeline-table');
  // Copying a shortened hash copies the whole id.
  document.addEventListener('copy',function(e){
    var sel=window.getSelection(), node=sel&&sel.anchorNode&&sel.anchorNode.parentElement;
    if(!node||!node.classList.contains('hash')||sel.toString()!==node.textContent){return;}
    e.clipboardData.setData('text/plain',node.getAttribute('data-full'));
    e.preventDefault();
  });
  bind('matrix-filter','matrix-table');
  document.documentElement.setAttribute('data-js','ready');
})();
`;
