import { api } from '@backline/contract';
import type { AddRoute } from '../../http/route.ts';
import type { BeatTheLineService } from './beat-the-line-service.ts';

export function beatTheLineRoutes(route: AddRoute, service: BeatTheLineService): void {
  route(api.getBeatTheLineFrame, ({ auth, body }) => service.beatTheLine(auth, body));
}
