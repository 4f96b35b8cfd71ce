import type { Scenario } from '../lib/context';
import { authScenario } from './auth';
import { consoleScenario } from './console';
import { fairnessScenario } from './fairness';
import { gaqlScenario } from './gaql';
import { importScenario } from './import';
import { mcpScenario } from './mcp';
import { rateLimitScenario } from './ratelimit';
import { proxyScenario } from './proxy';
import { readScenario } from './read';
import { reportScenario } from './report';
import { scaleScenario } from './scale';
import { writeScenario } from './write';

/** In the order they run; `--scenario a,b` picks by id. */
export const scenarios: Scenario[] = [readScenario, authScenario, writeScenario, rateLimitScenario, importScenario, gaqlScenario, fairnessScenario, reportScenario, mcpScenario, proxyScenario, scaleScenario, consoleScenario];
