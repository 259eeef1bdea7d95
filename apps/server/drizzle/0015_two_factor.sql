-- Reserved for this session's work; replaced by its statements.
SELECT 1;
