import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

type Mermaid = typeof import('mermaid').default;

let loading: Promise<Mermaid> | undefined;

/** Mermaid is large: it loads on first use, so only this development page ever pays for it. */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
    return mermaid;
  });
  return loading;
}

let renderCount = 0;

/**
 * A Mermaid chart from its text. The SVG is exposed as one image with `label` as its name: the
 * table of states next to it carries the same information as text.
 */
export function MermaidChart({ text, label }: { text: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    loadMermaid()
      .then((mermaid) => mermaid.render(`flow-chart-${++renderCount}`, text))
      .then(({ svg }) => {
        if (!current || !container.current) return;
        container.current.innerHTML = svg;
        const element = container.current.querySelector('svg');
        element?.setAttribute('role', 'img');
        element?.setAttribute('aria-label', label);
        element?.removeAttribute('aria-roledescription');
        setStatus('ready');
      })
      .catch((e: unknown) => {
        if (!current) return;
        setError(e instanceof Error ? e.message : String(e));
        setStatus('failed');
      });
    return () => {
      current = false;
    };
  }, [text, label]);

  return (
    <div>
      {status === 'loading' && <Text size="sm">Drawing the chart…</Text>}
      {status === 'failed' && (
        <Text size="sm" c="red.9" role="alert">
          The chart could not be drawn: {error}
        </Text>
      )}
      <div
        ref={container}
        className="dev-flows-chart"
        data-chart-status={status}
        style={{ overflowX: 'auto', maxWidth: '100%' }}
      />
    </div>
  );
}
