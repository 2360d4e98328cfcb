/**
 * The one inline script (a string the layout inlines and the server hashes into the CSP, so it lives in
 * src/lib, shared by both sides). It runs in <head> before the body
 * paints, so revealing a not-yet-dismissed notice causes no layout shift although the HTML is the same
 * for every guest.
 */
export const BOOT_SCRIPT = `(function(){var h=document.documentElement,c=h.classList,s=null;c.add("js");try{s=window.localStorage}catch(e){}
(h.getAttribute("data-notices")||"").split(" ").forEach(function(n){if(!n)return;var name=n.split(":")[0];
var gone=false;try{gone=!!(s&&s.getItem("voltmart:dismissed:"+n))}catch(e){}
if(!gone)c.add("show-"+name)})})();`;
