export { roomKey, type FrameDataFor, type FrameOf, type RealtimeKey, type SocketFrame } from './frames';
export { RECONNECT_CHECK_MS, type ConnectionState } from './realtime-client';
export { useRealtime, useRealtimeOpen, useRealtimeStatus, useViewingChat } from './use-realtime';
