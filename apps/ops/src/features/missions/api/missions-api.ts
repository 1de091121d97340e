import {
  MISSION_ROUTES,
  MISSIONS_OPS_API,
  MissionCostReportSchema,
  OpsMissionListSchema,
  OpsMissionSchema,
  OpsRaceListSchema,
  OpsRaceSchema,
  type OpsMissionInput,
  type OpsRaceInput,
  type RouteMethod,
} from '@platform/contracts';
import { apiCall, routeOf } from '@/lib/api-client';

/** Query keys: a change refreshes its list by invalidating the prefix. */
export const missionKeys = {
  all: ['missions'] as const,
  missions: ['missions', 'list'] as const,
  races: ['missions', 'races'] as const,
  race: (id: string) => ['missions', 'race', id] as const,
  report: ['missions', 'report'] as const,
};

const route = (method: RouteMethod, path: string) => routeOf(MISSION_ROUTES, method, path);
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const getMissions = (signal?: AbortSignal) =>
  apiCall(route('GET', MISSIONS_OPS_API.missions), withSignal(signal), OpsMissionListSchema);

export const createMission = (body: OpsMissionInput) =>
  apiCall(route('POST', MISSIONS_OPS_API.missions), { body }, OpsMissionSchema);

export const setMissionStatus = (id: string, status: 'ACTIVE' | 'PAUSED') =>
  apiCall(route('POST', MISSIONS_OPS_API.missionStatus), { params: { id }, body: { status } }, OpsMissionSchema);

export const getMissionReport = (signal?: AbortSignal) =>
  apiCall(route('GET', MISSIONS_OPS_API.report), withSignal(signal), MissionCostReportSchema);

export const getRaces = (signal?: AbortSignal) =>
  apiCall(route('GET', MISSIONS_OPS_API.races), withSignal(signal), OpsRaceListSchema);

export const getRace = (id: string, signal?: AbortSignal) =>
  apiCall(route('GET', MISSIONS_OPS_API.race), { params: { id }, ...withSignal(signal) }, OpsRaceSchema);

export const createRace = (body: OpsRaceInput) =>
  apiCall(route('POST', MISSIONS_OPS_API.races), { body }, OpsRaceSchema);
