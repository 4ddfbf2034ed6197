// Shared devices as a file: one line per player of each group, the group's address or device first.
import type { SharedGroup, SharedPlayer } from '@backline/contract';
import type { Column } from '../../export/export-table.ts';
import { agentReportFile } from '../../export/export-source.ts';
import { count, instant, text } from '../../export/export-columns.ts';
import { labelOf } from '../../export/export-labels.ts';
import type { SharedDevicesService } from './shared-devices-service.ts';

type Line = SharedPlayer & Pick<SharedGroup, 'Kind' | 'Label'> & { Group: number; Currency: '' };

export const sharedDevicesTable = agentReportFile('sharedDevices', 'shared-devices', {
  read: (service: SharedDevicesService, auth, filters) => service.sharedDevices(auth, filters),
  rows: (answer): Line[] =>
    answer.Groups.flatMap((g, i) =>
      g.Players.map((p) => ({ ...p, Kind: g.Kind, Label: g.Label, Group: i + 1, Currency: '' })),
    ),
  columns: (l, { labels }): Column<Line>[] => [
    count(l.group, (r) => r.Group, false),
    text(l.kind, (r) => labelOf(labels.sharedKinds, r.Kind)),
    text(l.sharedBy, (r) => r.Label),
    text(l.player, (r) => r.Player),
    text(l.name, (r) => r.Name),
    text(l.agent, (r) => r.Agent),
    count(l.logIns, (r) => r.LogIns, false),
    instant(l.firstSeen, (r) => r.FirstAt),
    instant(l.lastSeen, (r) => r.LastAt),
  ],
});
