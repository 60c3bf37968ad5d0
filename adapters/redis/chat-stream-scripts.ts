// The Lua scripts of the Redis chat log (redis-stream-chat-log.ts): each runs
// as one atomic step on the room's stream.

// XADD in one atomic step with the consumer group a new stream needs, so the
// projector sees its very first entry (also after Redis lost its data). The
// room is queued for the projector right after, by a command of its own: the
// queue lives in another slot on Redis Cluster.
const XADD_WITH_GROUP = `
local function append(stream, group, fields)
  local fresh = redis.call('EXISTS', stream) == 0
  local id = redis.call('XADD', stream, '*', unpack(fields))
  if fresh then redis.call('XGROUP', 'CREATE', stream, group, '0') end
  return id
end
`;

export const APPEND = `${XADD_WITH_GROUP}
return append(KEYS[1], ARGV[1], {unpack(ARGV, 2)})
`;

// A post with a client message id: the id it stored is kept beside the stream
// (KEYS[2], the room's hash tag, so one slot), checked and written in the same
// step as the XADD, so a burst of retries stores one entry. Answers the id and
// 1 when the post was stored before (nothing written), 0 when stored now.
// The key outlives the entry: trimming removes archived entries from the
// stream within the day, and find() reads those from the archive, so the
// archive needs no column for it. Lost with the rest if Redis loses its data.
export const APPEND_ONCE = `${XADD_WITH_GROUP}
local known = redis.call('GET', KEYS[2])
if known then return {known, 1} end
local id = append(KEYS[1], ARGV[1], {unpack(ARGV, 3)})
redis.call('SET', KEYS[2], id, 'PX', ARGV[2])
return {id, 0}
`;

// A change: the event's XADD, and in the same step the XDEL of the message's
// entry (ARGV[2]) and of its previous change (ARGV[3], '' for none), so no
// reader ever finds the text the change removes.
export const CHANGE = `${XADD_WITH_GROUP}
local id = append(KEYS[1], ARGV[1], {unpack(ARGV, 4)})
redis.call('XDEL', KEYS[1], ARGV[2])
if ARGV[3] ~= '' then redis.call('XDEL', KEYS[1], ARGV[3]) end
return id
`;
