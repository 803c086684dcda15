-- A writer's released essays, newest release first (/essay/mine). Without it the planner walks essays_released, every
-- released essay on the platform in release order, to find one writer's.
CREATE INDEX essays_writer_released ON essays (user_id, status, released_at DESC);
