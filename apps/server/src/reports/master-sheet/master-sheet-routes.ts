// The master sheet's calls: a week's sheet, a sub-agent's deal and its setting, the defaults for
// new sub-agents, the weekly e-mail of the sheet and when the site's weeks close.
import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { MasterSheetService } from './master-sheet-service.ts';

export function masterSheetRoutes(route: AddRoute, service: MasterSheetService): void {
  route(api.getMasterSheet, ({ auth, body }) => service.masterSheet(auth, body));
  route(api.getAgentDeal, ({ auth, body }) => service.agentDeal(auth, body.idAgent));
  route(api.setAgentDeal, ({ auth, body, request }) =>
    service.setAgentDeal(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
  route(api.setDealDefaults, ({ auth, body, request }) =>
    service.setDealDefaults(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
  route(api.setSheetEmail, ({ auth, body }) => service.setSheetEmail(auth, body.enabled));
  route(api.setSheetCutoff, ({ auth, body, request }) =>
    service.setSheetCutoff(auth, body, { address: request.ip, requestId: String(request.id) }),
  );
}
