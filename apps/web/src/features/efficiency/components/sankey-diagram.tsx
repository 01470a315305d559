import { sankey, sankeyLinkHorizontal, type SankeyLink, type SankeyNode } from 'd3-sankey';
import { ENERGY_FLOW_LABELS, type EnergyFlow, type EnergyFlowNodeId } from '@brezza/contract';
import { useWidth } from '../hooks/use-width';
import { formatKw, formatKwh } from '../utils/format';

const COLORS: Record<EnergyFlowNodeId, string> = {
  itPower: '#475569',
  unmeteredHeat: '#94a3b8',
  coolingElectrical: '#7c3aed',
  liquidLoop: '#0284c7',
  roomAir: '#f59e0b',
  facilityWater: '#0891b2',
};

interface NodeDatum {
  id: EnergyFlowNodeId;
}
interface LinkDatum {
  kw: number;
  kwh: number;
}
type LaidNode = SankeyNode<NodeDatum, LinkDatum>;
type LaidLink = SankeyLink<NodeDatum, LinkDatum>;

/**
 * The energy flow of a room as a Sankey diagram: d3-sankey lays the nodes and links out, React
 * draws them as SVG. Widths are the period's average power; labels give it and the energy.
 */
export function SankeyDiagram({ flow }: { flow: EnergyFlow }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const narrow = width < 560;
  const height = narrow ? 300 : 280;
  const ids = [...new Set(flow.links.flatMap((l) => [l.source, l.target]))];
  if (ids.length === 0) {
    return (
      <div ref={ref}>
        <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-500">
          No power or heat was measured in this period.
        </p>
      </div>
    );
  }
  // Labels sit beside the nodes: the outer columns keep room for them.
  const labelRoom = narrow ? 0 : 150;
  const layout = sankey<NodeDatum, LinkDatum>()
    .nodeId((node) => node.id)
    .nodeWidth(narrow ? 10 : 14)
    .nodePadding(narrow ? 36 : 28)
    .extent([
      [labelRoom + 1, narrow ? 22 : 8],
      [Math.max(labelRoom + 60, width - labelRoom - 1), height - 8],
    ]);
  const graph = layout({
    nodes: ids.map((id) => ({ id })),
    links: flow.links.map((l) => ({
      source: l.source,
      target: l.target,
      value: l.kw,
      kw: l.kw,
      kwh: l.kwh,
    })),
  });
  const nodeKw = (node: LaidNode) => node.value ?? 0;
  const nodeKwh = (node: LaidNode) =>
    Math.max(
      (node.sourceLinks ?? []).reduce((sum, l) => sum + (l as LaidLink).kwh, 0),
      (node.targetLinks ?? []).reduce((sum, l) => sum + (l as LaidLink).kwh, 0),
    );

  return (
    <div ref={ref} className="w-full">
      <svg
        role="img"
        aria-label="Energy flow: IT power to the pCDU liquid loop and facility water, and the heat lost to room air"
        width={width}
        height={height}
        className="block overflow-visible"
      >
        <g fill="none">
          {graph.links.map((link) => {
            const source = link.source as LaidNode;
            const target = link.target as LaidNode;
            return (
              <path
                key={`${source.id}-${target.id}`}
                d={sankeyLinkHorizontal()(link) ?? undefined}
                stroke={COLORS[source.id === 'itPower' ? target.id : source.id]}
                strokeOpacity={0.35}
                strokeWidth={Math.max(1, link.width ?? 1)}
              >
                <title>
                  {`${ENERGY_FLOW_LABELS[source.id]} → ${ENERGY_FLOW_LABELS[target.id]}: ${formatKw(link.kw)} (${formatKwh(link.kwh)})`}
                </title>
              </path>
            );
          })}
        </g>
        {graph.nodes.map((node) => {
          const x0 = node.x0 ?? 0;
          const x1 = node.x1 ?? 0;
          const y0 = node.y0 ?? 0;
          const y1 = node.y1 ?? 0;
          const column = x0 < width * 0.25 ? 'left' : x1 > width * 0.75 ? 'right' : 'middle';
          const middle = (y0 + y1) / 2;
          // On a phone the labels go above the nodes (the outer columns' anchored inwards); on a
          // desktop they sit beside the nodes.
          const labelX = narrow
            ? column === 'left'
              ? x0
              : column === 'right'
                ? x1
                : (x0 + x1) / 2
            : column === 'right'
              ? x1 + 8
              : x0 - 8;
          const anchor = narrow
            ? column === 'left'
              ? 'start'
              : column === 'right'
                ? 'end'
                : 'middle'
            : column === 'right'
              ? 'start'
              : 'end';
          const labelY = narrow ? y0 - 16 : middle - 7;
          return (
            <g key={node.id}>
              <rect
                x={x0}
                y={y0}
                width={x1 - x0}
                height={Math.max(2, y1 - y0)}
                fill={COLORS[node.id]}
                rx={2}
              />
              <text
                x={labelX}
                y={labelY}
                textAnchor={anchor}
                className="fill-ink text-[12px] font-semibold"
                dominantBaseline="middle"
              >
                {ENERGY_FLOW_LABELS[node.id]}
              </text>
              <text
                x={labelX}
                y={labelY + 14}
                textAnchor={anchor}
                className="fill-slate-600 text-[11px] tabular-nums"
                dominantBaseline="middle"
              >
                {formatKw(nodeKw(node))} · {formatKwh(nodeKwh(node))}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
