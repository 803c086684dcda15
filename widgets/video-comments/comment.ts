import type { VideoVideoCommentListAnswer } from "../kit/contracts";

export type Comment = VideoVideoCommentListAnswer["list"][number];
