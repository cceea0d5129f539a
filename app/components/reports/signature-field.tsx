// The receiver's signature: drawn on a pad (signature_pad, a PNG data URL) or typed (spec 002: signatureType
// draw or type). The pad keeps its drawing across resizes and reports an empty pad as no signature.
import { useEffect, useRef } from "react";
import type SignaturePadLib from "signature_pad";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Choice, FieldError } from "./form-parts";
import { SignaturePad } from "./signature-pad-lib.client";

type Props = {
  type: "draw" | "type";
  drawn: string;
  typed: string;
  onChange: (next: { signatureType?: "draw" | "type"; signatureDrawn?: string; signatureTyped?: string }) => void;
  drawnError?: string;
  typedError?: string;
};

export function SignatureField({ type, drawn, typed, onChange, drawnError, typedError }: Props) {
  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Signature type" className="flex flex-wrap gap-2">
        <Choice type="radio" name="signatureType" value="draw" checked={type === "draw"} onChange={() => onChange({ signatureType: "draw" })} label="Draw signature" />
        <Choice type="radio" name="signatureType" value="type" checked={type === "type"} onChange={() => onChange({ signatureType: "type" })} label="Type name" />
      </div>
      {type === "draw" ? (
        <div>
          <DrawPad value={drawn} onChange={(signatureDrawn) => onChange({ signatureDrawn })} />
          <FieldError id="signatureDrawn-error" message={drawnError} />
        </div>
      ) : (
        <div>
          <label htmlFor="signatureTyped" className="mb-1 block text-sm font-semibold text-slate-800">
            Typed name<span className="text-red-700"> *</span>
          </label>
          <Input id="signatureTyped" value={typed} onChange={(e) => onChange({ signatureTyped: e.target.value })} autoComplete="name" aria-invalid={!!typedError} maxLength={120} className="font-serif text-lg italic" />
          <FieldError id="signatureTyped-error" message={typedError} />
        </div>
      )}
    </div>
  );
}

function DrawPad({ value, onChange }: { value: string; onChange: (dataUrl: string) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePad(el, { backgroundColor: "rgba(0,0,0,0)", penColor: "#111827" });
    pad.current = p;
    const fit = () => {
      // The canvas is drawn at device pixels; resizing clears it, so the last signature is put back.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext("2d")?.scale(ratio, ratio);
      p.clear();
      if (latest.current.value) void p.fromDataURL(latest.current.value, { width: el.offsetWidth, height: el.offsetHeight });
    };
    fit();
    const ended = () => latest.current.onChange(p.isEmpty() ? "" : p.toDataURL("image/png"));
    p.addEventListener("endStroke", ended);
    window.addEventListener("resize", fit);
    return () => {
      p.removeEventListener("endStroke", ended);
      window.removeEventListener("resize", fit);
      p.off();
    };
  }, []);

  // Cleared from outside (after a submit): clear the pad too.
  useEffect(() => {
    if (!value && pad.current && !pad.current.isEmpty()) pad.current.clear();
  }, [value]);

  return (
    <div>
      <div className="relative rounded-lg border-2 border-dashed border-slate-300 bg-white">
        <canvas ref={canvas} aria-label="Signature pad: sign with your finger or mouse" data-testid="signature-pad" className="block h-40 w-full touch-none" />
        {!value ? <span className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-sm text-slate-500">Sign here</span> : null}
      </div>
      <div className="mt-2 flex justify-end">
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            pad.current?.clear();
            onChange("");
          }}
        >
          Clear signature
        </Button>
      </div>
    </div>
  );
}
