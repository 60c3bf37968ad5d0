// The chat archive projector's Lua scripts (redis-chat-archive-projector.ts):
// each runs on one room's keys in one atomic step, so a projector that dies
// halfway leaves nothing half done.
import { defineScript, LUA_ID_HELPERS, type ScriptCall } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

// XINFO answers each group or consumer as a flat list of field, value, ...: as a table.
const LUA_FIELDS_OF = `
local function fields_of(reply)
  local fields = {}
  for i = 1, #reply, 2 do fields[reply[i]] = reply[i + 1] end
  return fields
end
`;

// A stream id as the archive queue's score (archiveScore in chat-stream-keys.ts).
const LUA_SCORE_OF = `
local function score_of(id)
  local ms, seq = parse_id(id)
  return ms * 1000 + math.min(seq, 999)
end
`;

// After a room's entries are archived: trim its stream to the retention, never
// past the oldest entry still pending (or, with none pending, past the last
// one delivered, which is then archived). Answers { trimmed, settled }:
// settled is the queue score up to which the room is archived when nothing is
// left to archive (the queue then drops the room unless a newer entry was
// marked since), else -1. For a stream that is gone, the score of this
// moment on this node's clock, which any later XADD here exceeds.
const SETTLE = `${LUA_ID_HELPERS}${LUA_FIELDS_OF}${LUA_SCORE_OF}
if redis.call('EXISTS', KEYS[1]) == 0 then
  local now = redis.call('TIME')
  return { 0, (tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)) * 1000 - 1 }
end
local ok, groups = pcall(redis.call, 'XINFO', 'GROUPS', KEYS[1])
if not ok then return { 0, -1 } end
local pending, delivered
for _, reply in ipairs(groups) do
  local group = fields_of(reply)
  if group['name'] == ARGV[1] then pending, delivered = group['pending'], group['last-delivered-id'] end
end
if not delivered then return { 0, -1 } end

local archived_upto = delivered
if pending > 0 then archived_upto = redis.call('XPENDING', KEYS[1], ARGV[1])[2] end

local trimmed = 0
local excess = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[2])
if excess > 0 then
  local take = math.min(excess, 10000)
  local head = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', take + 1)
  local keep_from = head[#head][1]
  if id_less(archived_upto, keep_from) then keep_from = archived_upto end
  trimmed = redis.call('XTRIM', KEYS[1], 'MINID', keep_from)
end

local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if pending == 0 and (#last == 0 or not id_less(delivered, last[1][1])) then
  return { trimmed, score_of(delivered) }
end
return { trimmed, -1 }
`;

// The rescan's question for one stream: does it hold an entry the archive
// lacks (none delivered yet, some pending, or the group missing)? Answers
// the queue score of its newest entry if so, else -1.
const NEEDS_ARCHIVING = `${LUA_ID_HELPERS}${LUA_FIELDS_OF}${LUA_SCORE_OF}
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return -1 end
local newest = score_of(last[1][1])
local ok, groups = pcall(redis.call, 'XINFO', 'GROUPS', KEYS[1])
if not ok then return newest end
for _, reply in ipairs(groups) do
  local group = fields_of(reply)
  if group['name'] == ARGV[1] then
    if group['pending'] > 0 or id_less(group['last-delivered-id'], last[1][1]) then return newest end
    return -1
  end
end
return newest
`;

// Forgets the consumers that restarted projectors left in a room's group
// (each process has its own name, so every restart adds one): those other
// than ours with nothing pending and idle longer than ARGV[3]. Checked and
// removed in one atomic step, because XGROUP DELCONSUMER drops the pending
// entries of the consumer it removes, which would then never be archived.
const PRUNE_CONSUMERS = `${LUA_FIELDS_OF}
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return {} end
local removed = {}
for _, reply in ipairs(consumers) do
  local consumer = fields_of(reply)
  if consumer['name'] ~= ARGV[2] and consumer['pending'] == 0 and consumer['idle'] > tonumber(ARGV[3]) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], consumer['name'])
    removed[#removed + 1] = consumer['name']
  end
end
return removed
`;

// Moves an entry to its room's dead-letter stream: the copy first, and only
// if it was written (an error stops the script) the acknowledgement and the
// removal from the room's stream, so the entry is never in neither place.
const DEAD_LETTER = `
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', unpack(ARGV, 4))
redis.call('XACK', KEYS[1], ARGV[1], ARGV[3])
redis.call('XDEL', KEYS[1], ARGV[3])
return 1
`;

export interface ProjectorScripts {
  /** KEYS: the stream; ARGV: the group, the retention. Answers [trimmed, settled score or -1]. */
  settle: ScriptCall;
  /** KEYS: the stream; ARGV: the group. Answers the newest entry's queue score, or -1. */
  needsArchiving: ScriptCall;
  /** KEYS: the stream; ARGV: the group, our consumer, the idle time (ms). Answers the consumers removed. */
  pruneConsumers: ScriptCall;
  /** KEYS: the stream, its dead letters; ARGV: the group, the dead letters' MAXLEN, the entry's id, then the dead letter's fields. */
  deadLetter: ScriptCall;
}

/** The scripts, defined on the connection once (EVALSHA, loaded again if the server forgot them). */
export function projectorScripts(redis: RedisConnection): ProjectorScripts {
  return {
    settle: defineScript(redis, 'studySwampChatSettleStream', SETTLE, 1),
    needsArchiving: defineScript(redis, 'studySwampChatNeedsArchiving', NEEDS_ARCHIVING, 1),
    pruneConsumers: defineScript(redis, 'studySwampChatPruneConsumers', PRUNE_CONSUMERS, 1),
    deadLetter: defineScript(redis, 'studySwampChatDeadLetter', DEAD_LETTER, 2),
  };
}
