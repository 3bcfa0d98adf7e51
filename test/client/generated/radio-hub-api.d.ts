export interface paths {
    "/api/mobile/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Radio status: on air, listeners, stream address, uptime, quality
         * @description Radio status: on air, listeners, stream address, uptime, quality. Public. Spends one request of the client's budget (RateLimit headers on every answer). Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `timestamp`, `api_version`, `data`; an error the error envelope.
         */
        get: operations["getApiMobileStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listener statistics
         * @description Listener statistics. Public. Spends one request of the client's budget (RateLimit headers on every answer). Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiMobileStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/nowplaying": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The song on air and the recently played ones
         * @description The song on air and the recently played ones. Public. Spends one request of the client's budget (RateLimit headers on every answer). Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiMobileNowplaying"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chat messages, oldest first: the oldest `limit` after `after` (or `since`), with `next` to continue; without either, the newest of the last hour
         * @description Chat messages, oldest first: the oldest `limit` after `after` (or `since`), with `next` to continue; without either, the newest of the last hour. Public. Spends one request of the client's budget (RateLimit headers on every answer). A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiMobileChat"];
        put?: never;
        /**
         * Post a chat message
         * @description Post a chat message. Public. Spends one request of the client's budget (RateLimit headers on every answer). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiMobileChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Song requests: pending ones first come first served (by priority when requests.listenerPriority is `ordered`, or as staff set it)
         * @description Song requests: pending ones first come first served (by priority when requests.listenerPriority is `ordered`, or as staff set it). Public. Spends one request of the client's budget (RateLimit headers on every answer). A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiMobileRequests"];
        put?: never;
        /**
         * Request a song (200 with the existing request when that song is already pending)
         * @description Request a song (200 with the existing request when that song is already pending). Public. Spends one request of the client's budget (RateLimit headers on every answer). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiMobileRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send feedback: a song rating, app feedback or a bug report
         * @description Send feedback: a song rating, app feedback or a bug report. Public. Spends one request of the client's budget (RateLimit headers on every answer). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiMobileFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The show on air now, the weekly shows, and what comes in the next 7 days
         * @description The show on air now, the weekly shows, and what comes in the next 7 days. Public. Spends one request of the client's budget (RateLimit headers on every answer). Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiMobileSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mobile/playlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The station playlists
         * @description The station playlists. Public. Spends one request of the client's budget (RateLimit headers on every answer). Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiMobilePlaylists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/current-song.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The song on air with the time it started (and its duration, when the playout system or the reader says); null before any song is known
         * @description The song on air with the time it started (and its duration, when the playout system or the reader says); null before any song is known. Public. Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiCurrentSongPhp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stream-stats.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current stream statistics
         * @description Current stream statistics. Public. Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiStreamStatsPhp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/now-playing.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The now-playing object of the mobile API
         * @description The now-playing object of the mobile API. Public. Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiNowPlayingPhp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/song-request.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a song (200 with the existing request when that song is already pending)
         * @description Request a song (200 with the existing request when that song is already pending). Public. Spends one request of the client's budget (RateLimit headers on every answer). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiSongRequestPhp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/provider/create.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a subscription plan with the payment provider (admin). Idempotency-Key is passed on to the provider.
         * @description Create a subscription plan with the payment provider (admin). Idempotency-Key is passed on to the provider.. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiSubscriptionProviderCreatePhp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/revenue.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue per day and currency between from and to (admin; station time zone)
         * @description Revenue per day and currency between from and to (admin; station time zone). Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAnalyticsRevenuePhp"];
        put?: never;
        /**
         * Record a revenue event (admin); 200 with the first event when event_id or Idempotency-Key repeats
         * @description Record a revenue event (admin); 200 with the first event when event_id or Idempotency-Key repeats. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAnalyticsRevenuePhp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe's webhook: checkout.session.completed, invoice.paid and charge.refunded become revenue events, once each (signature verified)
         * @description Stripe's webhook: checkout.session.completed, invoice.paid and charge.refunded become revenue events, once each (signature verified). Public. Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiPaymentsStripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a chat message: gone from history and from every live client (undo within 30 s)
         * @description Delete a chat message: gone from history and from every live client (undo within 30 s). Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        delete: operations["deleteApiAdminChatMessagesId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/messages/{id}/ban": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban whoever sent this message (the client the server kept with it: IPv4 address or IPv6 /64, never shown), whatever nickname they use (undo within 30 s)
         * @description Ban whoever sent this message (the client the server kept with it: IPv4 address or IPv6 /64, never shown), whatever nickname they use (undo within 30 s). Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAdminChatMessagesIdBan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chat bans in force, soonest to end first, with who set them and why (a sender ban never shows its address)
         * @description The chat bans in force, soonest to end first, with who set them and why (a sender ban never shows its address). Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminChatBans"];
        put?: never;
        /**
         * Ban a nickname or a client (an IPv4 address, or the IPv6 /64 of an address) from the chat for a time (undo within 30 s)
         * @description Ban a nickname or a client (an IPv4 address, or the IPv6 /64 of an address) from the chat for a time (undo within 30 s). Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAdminChatBans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/bans/{kind}/{value}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Lift a ban on a nickname, on a client (an address, its IPv6 /64 when IPv6, or the network as listed, URL-encoded), or on a sender (the value listed)
         * @description Lift a ban on a nickname, on a client (an address, its IPv6 /64 when IPv6, or the network as listed, URL-encoded), or on a sender (the value listed). Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        delete: operations["deleteApiAdminChatBansKindValue"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/undo/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a delete (the message comes back, under a new id at the end of the chat) or a ban (lifted), within 30 s, once
         * @description Undo a delete (the message comes back, under a new id at the end of the chat) or a ban (lifted), within 30 s, once. Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAdminChatUndoToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the kept chat history by words and nickname (staff), oldest first; each page reads at most 500 messages
         * @description Search the kept chat history by words and nickname (staff), oldest first; each page reads at most 500 messages. Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminChatSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The staff member this key belongs to: name and role
         * @description The staff member this key belongs to: name and role. Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The staff members with their roles and where their keys come from (never a key or its hash)
         * @description The staff members with their roles and where their keys come from (never a key or its hash). Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminStaff"];
        put?: never;
        /**
         * Make a key for a new staff member: answered once, kept only as its hash
         * @description Make a key for a new staff member: answered once, kept only as its hash. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAdminStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key made in the console (at once, on every node); keys of the config file change only there
         * @description Revoke a key made in the console (at once, on every node); keys of the config file change only there. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        delete: operations["deleteApiAdminStaffName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of staff actions (who, what, when, on what), newest first, kept `audit.retentionDays`; paged and filtered
         * @description The audit log of staff actions (who, what, when, on what), newest first, kept `audit.retentionDays`; paged and filtered. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The feedback (ratings, app feedback, bug reports), newest first, by type and rating; each page reads at most 200 entries
         * @description The feedback (ratings, app feedback, bug reports), newest first, by type and rating; each page reads at most 200 entries. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminFeedback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent webhook deliveries with their outcome, newest first
         * @description Recent webhook deliveries with their outcome, newest first. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminWebhooksDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Song requests for staff, as the mobile listing gives them (pending: high priority first, then oldest), without spending the public budget
         * @description Song requests for staff, as the mobile listing gives them (pending: high priority first, then oldest), without spending the public budget. Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a pending song request's priority, or mark it played or rejected; live clients get request:updated (and request:played)
         * @description Set a pending song request's priority, or mark it played or rejected; live clients get request:updated (and request:played). Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        patch: operations["patchApiAdminRequestsId"];
        trace?: never;
    };
    "/api/admin/station": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status, each stream source's health (up or down, listeners, last good poll), statistics (listeners over 24 hours) and now playing, for staff
         * @description Status, each stream source's health (up or down, listeners, last good poll), statistics (listeners over 24 hours) and now playing, for staff. Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403). Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminStation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/listeners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listeners per day (sessions, unique listeners, listener hours, average and median session, peak) or per hour, and over the range players, countries, sources and session lengths (admin)
         * @description Listeners per day (sessions, unique listeners, listener hours, average and median session, peak) or per hour, and over the range players, countries, sources and session lengths (admin). Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminReportsListeners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/listeners.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listeners per day as CSV, every day of the range (admin; `from` not after `to`, at most 400 days)
         * @description Listeners per day as CSV, every day of the range (admin; `from` not after `to`, at most 400 days). Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers text/csv, not JSON; an error the error envelope.
         */
        get: operations["getApiAdminReportsListenersCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/royalties.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every play with its audience as CSV, or with format=soundexchange SoundExchange's report of use per sound recording (admin; `from` not after `to`, at most 400 days)
         * @description Every play with its audience as CSV, or with format=soundexchange SoundExchange's report of use per sound recording (admin; `from` not after `to`, at most 400 days). Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers text/csv, not JSON; an error the error envelope.
         */
        get: operations["getApiAdminReportsRoyaltiesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/revenue/events.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The revenue events between from and to as CSV, one row per event, oldest first (admin; station dates, at most 366 days and 20,000 events)
         * @description The revenue events between from and to as CSV, one row per event, oldest first (admin; station dates, at most 366 days and 20,000 events). Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers text/csv, not JSON; an error the error envelope.
         */
        get: operations["getApiAdminRevenueEventsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/programme": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The programme as staff edit it: weekly shows, one-off events and playlists, with its revision
         * @description The programme as staff edit it: weekly shows, one-off events and playlists, with its revision. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getApiAdminProgramme"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/programme/shows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add or replace a weekly show (times local to station.timezone); every node and live client gets schedule:updated
         * @description Add or replace a weekly show (times local to station.timezone); every node and live client gets schedule:updated. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        put: operations["putApiAdminProgrammeShowsId"];
        post?: never;
        /**
         * Delete a weekly show (times local to station.timezone); every node and live client gets schedule:updated
         * @description Delete a weekly show (times local to station.timezone); every node and live client gets schedule:updated. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        delete: operations["deleteApiAdminProgrammeShowsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/programme/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add or replace a one-off event; every node and live client gets schedule:updated
         * @description Add or replace a one-off event; every node and live client gets schedule:updated. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        put: operations["putApiAdminProgrammeEventsId"];
        post?: never;
        /**
         * Delete a one-off event; every node and live client gets schedule:updated
         * @description Delete a one-off event; every node and live client gets schedule:updated. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        delete: operations["deleteApiAdminProgrammeEventsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/programme/playlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add or replace a playlist; every node and live client gets schedule:updated
         * @description Add or replace a playlist; every node and live client gets schedule:updated. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        put: operations["putApiAdminProgrammePlaylistsId"];
        post?: never;
        /**
         * Delete a playlist; every node and live client gets schedule:updated
         * @description Delete a playlist; every node and live client gets schedule:updated. Admins only: an admin's key as a Bearer token (any other role gets 403). Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known). A success answers exactly `success`, `data`; an error the error envelope.
         */
        delete: operations["deleteApiAdminProgrammePlaylistsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nowplaying": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A playout system's push of the track it starts (album, duration, artwork, next up, who is live): answers the resulting now playing, which live clients, SSE and webhooks get too
         * @description A playout system's push of the track it starts (album, duration, artwork, next up, who is live): answers the resulting now playing, which live clients, SSE and webhooks get too. A playout system: an automation key (or an admin's) as a Bearer token; a moderator's gets 403. Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAdminNowplaying"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/nowplaying/url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The now-playing push as query parameters or the same fields as an application/x-www-form-urlencoded body, for playout software that can only call a URL or post a form (RadioDJ, mAirList, SAM Broadcaster; docs/polling.md); the key may travel as `key` in the query here, and only here
         * @description The now-playing push as query parameters or the same fields as an application/x-www-form-urlencoded body, for playout software that can only call a URL or post a form (RadioDJ, mAirList, SAM Broadcaster; docs/polling.md); the key may travel as `key` in the query here, and only here. A playout system: an automation key (or an admin's) as a Bearer token; a moderator's gets 403. Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        post: operations["postApiAdminNowplayingUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/art/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A song's artwork kept by the hub (the `/art/…` path of `song.art`), fetched once from the Cover Art Archive
         * @description A song's artwork kept by the hub (the `/art/…` path of `song.art`), fetched once from the Cover Art Archive. Public. Spends no request budget. Send If-None-Match with the ETag of an earlier answer: 304 while it is current. A success answers image/jpeg or image/png or image/gif or image/webp, not JSON; an error the error envelope.
         */
        get: operations["getArtKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: 200 while the process runs
         * @description Liveness: 200 while the process runs. Public. Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: 200 only when the store answers
         * @description Readiness: 200 only when the store answers. Public. Spends no request budget. A success answers exactly `success`, `data`; an error the error envelope.
         */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-Sent Events of the live events
         * @description Server-Sent Events of the live events. Sends nowplaying, listeners, status, schedule:updated, request:new, store:away, store:back by default, or exactly the events named in `events` (chat:message and chat:deleted only when asked); a stream that includes nowplaying starts with the current now playing. Payloads are in the AsyncAPI document (/api/asyncapi.json). Streams open at once per client, and streams opened per window, are limited (429 with Retry-After). Public. Spends no request budget. A success answers text/event-stream, not JSON; an error the error envelope.
         */
        get: operations["getApiLiveEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asyncapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The live API (Socket.IO /live, SSE feed, webhooks) as an AsyncAPI 3.0 document
         * @description The live API (Socket.IO /live, SSE feed, webhooks) as an AsyncAPI 3.0 document. Public. Spends no request budget. The answer is the document itself, without the envelope.
         */
        get: operations["getApiAsyncapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API as an OpenAPI 3.1 document
         * @description This API as an OpenAPI 3.1 document. Public. Spends no request budget. The answer is the document itself, without the envelope.
         */
        get: operations["getApiOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @constant */
            success: false;
            error: {
                /**
                 * @description what kind of failure (docs/api.md, "API at a glance")
                 * @enum {string}
                 */
                code: "VALIDATION_FAILED" | "INVALID_JSON" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "IDEMPOTENCY_CONFLICT" | "RECENTLY_PLAYED" | "PRECONDITION_FAILED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "CONTENT_REJECTED" | "RATE_LIMITED" | "INTERNAL" | "UNAVAILABLE";
                /**
                 * @description why, beside the code, for a client to act on without reading `message`: `hourly_budget` (RATE_LIMITED), `request_delay` (RATE_LIMITED), `chat_budget` (RATE_LIMITED), `live_connections` (RATE_LIMITED), `stream_opens` (RATE_LIMITED), `admin_keys` (RATE_LIMITED), `payment_webhook` (RATE_LIMITED), `staff_actions` (RATE_LIMITED), `report_budget` (RATE_LIMITED), `artwork_budget` (RATE_LIMITED), `nowplaying_push` (RATE_LIMITED), `budget` (RATE_LIMITED), `link` (CONTENT_REJECTED), `language` (CONTENT_REJECTED), `repeat` (CONTENT_REJECTED), `ban` (CONTENT_REJECTED), `reserved_nickname` (CONTENT_REJECTED), `nickname` (CONTENT_REJECTED), `recently_played` (RECENTLY_PLAYED)
                 * @enum {string}
                 */
                reason?: "hourly_budget" | "request_delay" | "chat_budget" | "live_connections" | "stream_opens" | "admin_keys" | "payment_webhook" | "staff_actions" | "report_budget" | "artwork_budget" | "nowplaying_push" | "budget" | "link" | "language" | "repeat" | "ban" | "reserved_nickname" | "nickname" | "recently_played";
                /** @description in the language of `Accept-Language` among en and es, else the station's */
                message: string;
                details?: {
                    field: string;
                    message: string;
                }[];
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The id of this request in our logs: the X-Request-Id the client sent when it is 1 to 128 of A-Z a-z 0-9 . _ : -, else a new one. Quote it when reporting a problem. */
        "X-Request-Id": string;
        /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. */
        RateLimit: string;
        /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before trying again (at least 1). */
        "Retry-After": number;
        /** @description The validator of this answer: send it back in If-None-Match for a 304 while it is current. */
        ETag: string;
        /** @description How long a cache may keep the answer: `public, max-age=<seconds>` (1 for station state, 60 for the schedule, 300 for playlists); `private, no-cache` for the reports (kept by the client only, asked again each time). */
        "Cache-Control": string;
        /** @description The scheme the admin key is sent with: `Bearer realm="radio-hub admin"`. */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiMobileStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        timestamp: number;
                        /** @constant */
                        api_version: "1.0.0";
                        data: {
                            online: boolean;
                            listeners: number;
                            server_status: "online" | "offline" | "unknown";
                            /** @description the address to play; `""` while the station has not set up its stream (`station.streamUrl`) */
                            stream_url: string;
                            /** @description the station's website; `""` when it has none configured */
                            website_url: string;
                            uptime: {
                                seconds: number;
                                /** @description <days>d <hours>h <minutes>m */
                                human: string;
                            };
                            /** @description <bitrate>kbps <codec>, or "unknown" before the first poll */
                            quality: string;
                            genre: string;
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiMobileStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            current_listeners: number;
                            peak_listeners_today: number;
                            total_listener_hours: number;
                            /** @description seconds */
                            average_listening_time: number;
                            /** @description distinct listener addresses; present when the stream servers tell */
                            unique_listeners?: number;
                            listener_history: {
                                /** @description Unix time in seconds */
                                timestamp: number;
                                listeners: number;
                            }[];
                            server_uptime: {
                                seconds: number;
                                /** @description <days>d <hours>h <minutes>m */
                                human: string;
                            };
                            total_songs_played: number;
                            most_popular_songs: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                plays: number;
                                requests: number;
                                average_rating: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiMobileNowplaying: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown) */
                            now_playing: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                                /** @description seconds since played_at when answered (an app computes it from played_at and the Date header instead) */
                                elapsed?: number;
                                /** @description seconds, when the playout system or the reader says: with played_at, the progress bar */
                                duration?: number;
                            } | null;
                            song_history: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                            }[];
                            listeners: {
                                current: number;
                                peak_today: number;
                            };
                            online: boolean;
                            playing_next: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                duration: number | null;
                            } | null;
                            live: {
                                is_live: boolean;
                                streamer_name: string | null;
                                since: number | null;
                            };
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiMobileChat: {
        parameters: {
            query?: {
                /** @description Unix seconds, Unix milliseconds or ISO-8601: the oldest `limit` messages after it. Without `since` and `after`: the newest `limit` of the last hour. Exact rule: Unix seconds (up to 12 digits, a fraction allowed), Unix milliseconds (13 digits) or an ISO-8601 date or time (no offset: UTC); the pattern only checks how it starts. */
                since?: string;
                /** @description A message id (the previous answer's `next`): the oldest `limit` messages after it. Takes precedence over `since` */
                after?: string;
                /** @description how many items, 1 to 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            messages: {
                                /** @description "<ms>-<seq>", increasing */
                                id: string;
                                nickname: string;
                                message: string;
                                /** @description Unix time in seconds */
                                timestamp: number;
                            }[];
                            count: number;
                            next: string | null;
                            /** @description more messages wait after `next`: ask again at once */
                            has_more: boolean;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiMobileChat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nickname: string & (unknown & unknown & unknown);
                    message: string & (unknown & unknown & unknown & unknown);
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description "<ms>-<seq>", increasing */
                            id: string;
                            nickname: string;
                            message: string;
                            /** @description Unix time in seconds */
                            timestamp: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description CONTENT_REJECTED: The content was refused. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "CONTENT_REJECTED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiMobileRequests: {
        parameters: {
            query?: {
                /** @description default pending */
                status?: "pending" | "played" | "rejected" | "all";
                /** @description how many items, 1 to 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            requests: {
                                id: string;
                                song_title: string;
                                artist: string;
                                requester_name: string;
                                message: string | null;
                                priority: "low" | "normal" | "high";
                                status: "pending" | "played" | "rejected";
                                /** @description Unix time in seconds */
                                created_at: number;
                            }[];
                            count: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiMobileRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    song_title: string & (unknown & unknown & unknown & unknown);
                    artist: string & (unknown & unknown & unknown & unknown);
                    /** @description default Anonymous */
                    requester_name?: string & (unknown & unknown & unknown & unknown);
                    message?: string & (unknown & unknown & unknown & unknown);
                    /** @description default normal */
                    priority?: "low" | "normal" | "high";
                };
            };
        };
        responses: {
            /** @description That song is already pending: the existing request; nothing queued, the delay not used up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            song_title: string;
                            artist: string;
                            requester_name: string;
                            message: string | null;
                            priority: "low" | "normal" | "high";
                            status: "pending" | "played" | "rejected";
                            /** @description Unix time in seconds */
                            created_at: number;
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            song_title: string;
                            artist: string;
                            requester_name: string;
                            message: string | null;
                            priority: "low" | "normal" | "high";
                            status: "pending" | "played" | "rejected";
                            /** @description Unix time in seconds */
                            created_at: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description RECENTLY_PLAYED: That song was played recently. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RECENTLY_PLAYED";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiMobileFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: string;
                    content?: string & (unknown & unknown & unknown & unknown);
                    rating?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            type: string;
                            content: string | null;
                            rating: number | null;
                            song: {
                                /** @description stable hash of artist and title */
                                id: string;
                                title: string;
                                artist: string;
                                album?: string;
                                /** @description "Artist - Title" */
                                text: string;
                                /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                art?: string;
                            } | null;
                            /** @description Unix time in seconds */
                            created_at: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiMobileSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            timezone: string;
                            current: {
                                id: string;
                                title: string;
                                host?: string;
                                /** @description an event's own; a weekly show's is in `shows`, not on each occurrence */
                                description?: string;
                                /** @description Unix time in seconds */
                                starts_at: number;
                                /** @description Unix time in seconds */
                                ends_at: number;
                                type: "show" | "event";
                            } | null;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            upcoming: {
                                id: string;
                                title: string;
                                host?: string;
                                /** @description an event's own; a weekly show's is in `shows`, not on each occurrence */
                                description?: string;
                                /** @description Unix time in seconds */
                                starts_at: number;
                                /** @description Unix time in seconds */
                                ends_at: number;
                                type: "show" | "event";
                            }[];
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiMobilePlaylists: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            playlists: {
                                id: string;
                                name: string;
                                description?: string;
                                genre?: string;
                                song_count?: number;
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiCurrentSongPhp: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: ({
                            /** @description stable hash of artist and title */
                            id: string;
                            title: string;
                            artist: string;
                            album?: string;
                            /** @description "Artist - Title" */
                            text: string;
                            /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                            art?: string;
                        } & {
                            played_at: number;
                            /** @description seconds */
                            duration?: number;
                        }) | null;
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiStreamStatsPhp: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            online: boolean;
                            listeners: number;
                            peak_today: number;
                            bitrate: number | null;
                            codec: string | null;
                            uptime: {
                                seconds: number;
                                /** @description <days>d <hours>h <minutes>m */
                                human: string;
                            };
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiNowPlayingPhp: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown) */
                            now_playing: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                                /** @description seconds since played_at when answered (an app computes it from played_at and the Date header instead) */
                                elapsed?: number;
                                /** @description seconds, when the playout system or the reader says: with played_at, the progress bar */
                                duration?: number;
                            } | null;
                            song_history: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                            }[];
                            listeners: {
                                current: number;
                                peak_today: number;
                            };
                            online: boolean;
                            playing_next: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                duration: number | null;
                            } | null;
                            live: {
                                is_live: boolean;
                                streamer_name: string | null;
                                since: number | null;
                            };
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description only while the store (Redis) is away: seconds since this node last read the station state this answer is made of */
                    Age?: string;
                    /** @description `store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old */
                    "Data-Stale"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiSongRequestPhp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    song_title: string & (unknown & unknown & unknown & unknown);
                    artist: string & (unknown & unknown & unknown & unknown);
                    /** @description default Anonymous */
                    requester_name?: string & (unknown & unknown & unknown & unknown);
                    message?: string & (unknown & unknown & unknown & unknown);
                    /** @description default normal */
                    priority?: "low" | "normal" | "high";
                };
            };
        };
        responses: {
            /** @description That song is already pending: the existing request; nothing queued, the delay not used up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            song_title: string;
                            artist: string;
                            requester_name: string;
                            message: string | null;
                            priority: "low" | "normal" | "high";
                            status: "pending" | "played" | "rejected";
                            /** @description Unix time in seconds */
                            created_at: number;
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            song_title: string;
                            artist: string;
                            requester_name: string;
                            message: string | null;
                            priority: "low" | "normal" | "high";
                            status: "pending" | "played" | "rejected";
                            /** @description Unix time in seconds */
                            created_at: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description RECENTLY_PLAYED: That song was played recently. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RECENTLY_PLAYED";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: the budget is spent; Retry-After says when it refills */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. Absent when the budget could not be read (the store is away). */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). Absent when the budget could not be read (the store is away). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiSubscriptionProviderCreatePhp: {
        parameters: {
            query?: never;
            header?: {
                /** @description your key for this operation: a repeat with the same body answers the first result, with another body 409 IDEMPOTENCY_CONFLICT */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & (unknown & unknown & unknown & unknown);
                    /** @description integer amount in minor units (e.g. cents) */
                    amount: number;
                    /**
                     * @description ISO 4217 currency code in upper or lower case (stored and answered upper-cased)
                     * @enum {string}
                     */
                    currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HRK" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SLL" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XDR" | "XOF" | "XPF" | "XSU" | "YER" | "ZAR" | "ZMW" | "ZWG" | "ZWL" | "aed" | "afn" | "all" | "amd" | "ang" | "aoa" | "ars" | "aud" | "awg" | "azn" | "bam" | "bbd" | "bdt" | "bgn" | "bhd" | "bif" | "bmd" | "bnd" | "bob" | "brl" | "bsd" | "btn" | "bwp" | "byn" | "bzd" | "cad" | "cdf" | "chf" | "clp" | "cny" | "cop" | "crc" | "cuc" | "cup" | "cve" | "czk" | "djf" | "dkk" | "dop" | "dzd" | "egp" | "ern" | "etb" | "eur" | "fjd" | "fkp" | "gbp" | "gel" | "ghs" | "gip" | "gmd" | "gnf" | "gtq" | "gyd" | "hkd" | "hnl" | "hrk" | "htg" | "huf" | "idr" | "ils" | "inr" | "iqd" | "irr" | "isk" | "jmd" | "jod" | "jpy" | "kes" | "kgs" | "khr" | "kmf" | "kpw" | "krw" | "kwd" | "kyd" | "kzt" | "lak" | "lbp" | "lkr" | "lrd" | "lsl" | "lyd" | "mad" | "mdl" | "mga" | "mkd" | "mmk" | "mnt" | "mop" | "mru" | "mur" | "mvr" | "mwk" | "mxn" | "myr" | "mzn" | "nad" | "ngn" | "nio" | "nok" | "npr" | "nzd" | "omr" | "pab" | "pen" | "pgk" | "php" | "pkr" | "pln" | "pyg" | "qar" | "ron" | "rsd" | "rub" | "rwf" | "sar" | "sbd" | "scr" | "sdg" | "sek" | "sgd" | "shp" | "sle" | "sll" | "sos" | "srd" | "ssp" | "stn" | "svc" | "syp" | "szl" | "thb" | "tjs" | "tmt" | "tnd" | "top" | "try" | "ttd" | "twd" | "tzs" | "uah" | "ugx" | "usd" | "uyu" | "uzs" | "ves" | "vnd" | "vuv" | "wst" | "xaf" | "xcd" | "xcg" | "xdr" | "xof" | "xpf" | "xsu" | "yer" | "zar" | "zmw" | "zwg" | "zwl";
                    interval: "day" | "week" | "month" | "year";
                    /** @description default 1 */
                    interval_count?: number;
                    description?: string & (unknown & unknown & unknown & unknown);
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            provider: string;
                            plan_id: string;
                            product_id: string;
                            amount: number;
                            currency: string;
                            interval: string;
                            interval_count: number;
                            created_at: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description IDEMPOTENCY_CONFLICT: This Idempotency-Key was used with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "IDEMPOTENCY_CONFLICT";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAnalyticsRevenuePhp: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in station time (default: 29 days before `to`) */
                from?: string;
                /** @description last day, YYYY-MM-DD in station time (default: today) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            from: string;
                            to: string;
                            timezone: string;
                            days: {
                                date: string;
                                currency: string;
                                /** @description minor units */
                                amount: number;
                                count: number;
                                /** @description the same sum split by type (donation, subscription, …) */
                                types: {
                                    type: "donation" | "subscription" | "advertising" | "merchandise" | "other";
                                    /** @description minor units */
                                    amount: number;
                                    count: number;
                                }[];
                            }[];
                            totals: {
                                currency: string;
                                /** @description minor units */
                                amount: number;
                                count: number;
                            }[];
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAnalyticsRevenuePhp: {
        parameters: {
            query?: never;
            header?: {
                /** @description your key for this operation: a repeat with the same body answers the first result, with another body 409 IDEMPOTENCY_CONFLICT */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description your id for the event; repeats are recorded once. Ids beginning `stripe:` are Stripe's own events (400), as are such Idempotency-Keys */
                    event_id?: string;
                    type: "donation" | "subscription" | "advertising" | "merchandise" | "other";
                    /** @description integer amount in minor units (e.g. cents) */
                    amount: number;
                    /**
                     * @description ISO 4217 currency code in upper or lower case (stored and answered upper-cased)
                     * @enum {string}
                     */
                    currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HRK" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SLL" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XDR" | "XOF" | "XPF" | "XSU" | "YER" | "ZAR" | "ZMW" | "ZWG" | "ZWL" | "aed" | "afn" | "all" | "amd" | "ang" | "aoa" | "ars" | "aud" | "awg" | "azn" | "bam" | "bbd" | "bdt" | "bgn" | "bhd" | "bif" | "bmd" | "bnd" | "bob" | "brl" | "bsd" | "btn" | "bwp" | "byn" | "bzd" | "cad" | "cdf" | "chf" | "clp" | "cny" | "cop" | "crc" | "cuc" | "cup" | "cve" | "czk" | "djf" | "dkk" | "dop" | "dzd" | "egp" | "ern" | "etb" | "eur" | "fjd" | "fkp" | "gbp" | "gel" | "ghs" | "gip" | "gmd" | "gnf" | "gtq" | "gyd" | "hkd" | "hnl" | "hrk" | "htg" | "huf" | "idr" | "ils" | "inr" | "iqd" | "irr" | "isk" | "jmd" | "jod" | "jpy" | "kes" | "kgs" | "khr" | "kmf" | "kpw" | "krw" | "kwd" | "kyd" | "kzt" | "lak" | "lbp" | "lkr" | "lrd" | "lsl" | "lyd" | "mad" | "mdl" | "mga" | "mkd" | "mmk" | "mnt" | "mop" | "mru" | "mur" | "mvr" | "mwk" | "mxn" | "myr" | "mzn" | "nad" | "ngn" | "nio" | "nok" | "npr" | "nzd" | "omr" | "pab" | "pen" | "pgk" | "php" | "pkr" | "pln" | "pyg" | "qar" | "ron" | "rsd" | "rub" | "rwf" | "sar" | "sbd" | "scr" | "sdg" | "sek" | "sgd" | "shp" | "sle" | "sll" | "sos" | "srd" | "ssp" | "stn" | "svc" | "syp" | "szl" | "thb" | "tjs" | "tmt" | "tnd" | "top" | "try" | "ttd" | "twd" | "tzs" | "uah" | "ugx" | "usd" | "uyu" | "uzs" | "ves" | "vnd" | "vuv" | "wst" | "xaf" | "xcd" | "xcg" | "xdr" | "xof" | "xpf" | "xsu" | "yer" | "zar" | "zmw" | "zwg" | "zwl";
                    /**
                     * Format: date-time
                     * @description when the money was received (default: now); RFC 3339 with `T`, years 1970 to 9998, seconds 00-59 (no leap second), Z or an offset; else 400
                     */
                    occurred_at?: string;
                    source?: string & (unknown & unknown & unknown & unknown);
                    /** @description flat: up to 20 keys, values text (200), number or boolean */
                    metadata?: {
                        [key: string]: string | number | boolean;
                    };
                };
            };
        };
        responses: {
            /** @description A repeat of event_id (or Idempotency-Key) with the same body: the first event, recorded once */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            type: "donation" | "subscription" | "advertising" | "merchandise" | "other";
                            amount: number;
                            currency: string;
                            occurred_at: number;
                            source: string | null;
                            metadata: {
                                [key: string]: string | number | boolean;
                            };
                            recorded_at: number;
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            type: "donation" | "subscription" | "advertising" | "merchandise" | "other";
                            amount: number;
                            currency: string;
                            occurred_at: number;
                            source: string | null;
                            metadata: {
                                [key: string]: string | number | boolean;
                            };
                            recorded_at: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description IDEMPOTENCY_CONFLICT: This Idempotency-Key was used with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "IDEMPOTENCY_CONFLICT";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiPaymentsStripeWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Stripe's signature of the body: `t=<Unix seconds>,v1=<hex HMAC-SHA256>` */
                "Stripe-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description the Stripe event exactly as Stripe signed it (Stripe-Signature header) */
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the provider's event id */
                            event_id: string;
                            /** @description true when this delivery recorded a revenue event; false for a replay or an event that records nothing */
                            recorded: boolean;
                            /** @description the event was recorded by an earlier delivery */
                            duplicate: boolean;
                            /** @description the revenue event it is (`stripe:<event id>`), null when it records nothing */
                            revenue_event_id: string | null;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    deleteApiAdminChatMessagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id of the chat message */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            /** @constant */
                            deleted: true;
                            undo: {
                                /** @description POST /api/admin/chat/undo/{token} undoes the action, once */
                                token: string;
                                /** @description Unix seconds: the undo works until then (30 s) */
                                until: number;
                            };
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAdminChatMessagesIdBan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id of the chat message */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description how long the ban lasts */
                    seconds: number;
                    reason?: string & (unknown & unknown & unknown & unknown);
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            ban: {
                                kind: "nickname" | "ip" | "sender";
                                /** @description what to lift the ban by: the nickname skeleton, the client (address bans), or an opaque reference (sender bans) */
                                value: string;
                                /** @description the nickname or address as staff wrote it; for a sender ban the nickname of the message */
                                label: string;
                                /** @description Unix time in seconds */
                                until: number;
                                by: string | null;
                                reason: string | null;
                                since: number | null;
                            };
                            undo: {
                                /** @description POST /api/admin/chat/undo/{token} undoes the action, once */
                                token: string;
                                /** @description Unix seconds: the undo works until then (30 s) */
                                until: number;
                            };
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminChatBans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            bans: {
                                kind: "nickname" | "ip" | "sender";
                                /** @description what to lift the ban by: the nickname skeleton, the client (address bans), or an opaque reference (sender bans) */
                                value: string;
                                /** @description the nickname or address as staff wrote it; for a sender ban the nickname of the message */
                                label: string;
                                /** @description Unix time in seconds */
                                until: number;
                                by: string | null;
                                reason: string | null;
                                since: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAdminChatBans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nickname?: string & (unknown & unknown & unknown & unknown);
                    /** @description IPv4 or IPv6 address (an IPv6 address bans its /64) */
                    ip?: string | unknown | unknown;
                    /** @description how long the ban lasts */
                    seconds: number;
                    reason?: string & (unknown & unknown & unknown & unknown);
                } | {
                    nickname: unknown;
                } | {
                    ip: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            bans: {
                                /** @description what the ban is on */
                                kind: "nickname" | "ip";
                                value: string;
                            }[];
                            until: number;
                            reason: string | null;
                            undo: {
                                /** @description POST /api/admin/chat/undo/{token} undoes the action, once */
                                token: string;
                                /** @description Unix seconds: the undo works until then (30 s) */
                                until: number;
                            };
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    deleteApiAdminChatBansKindValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description what the ban is on */
                kind: "nickname" | "ip" | "sender";
                /** @description a nickname, an address, a network as listed (e.g. 2001:db8::/64), or a sender ban as listed */
                value: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            kind: "nickname" | "ip" | "sender";
                            value: string;
                            /** @constant */
                            lifted: true;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAdminChatUndoToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            undone: "delete" | "ban";
                            message: {
                                /** @description "<ms>-<seq>", increasing */
                                id: string;
                                nickname: string;
                                message: string;
                                /** @description Unix time in seconds */
                                timestamp: number;
                            } | null;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminChatSearch: {
        parameters: {
            query?: {
                /** @description words of the message, case-insensitive */
                q?: string & (unknown & unknown & unknown & unknown);
                /** @description part of the nickname, case-insensitive */
                nickname?: string & (unknown & unknown & unknown & unknown);
                /** @description the previous page's `next`: search on after it */
                after?: string;
                /** @description how many items, 1 to 100 */
                limit?: number;
            };
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            messages: {
                                /** @description "<ms>-<seq>", increasing */
                                id: string;
                                nickname: string;
                                message: string;
                                /** @description Unix time in seconds */
                                timestamp: number;
                            }[];
                            count: number;
                            /** @description send it as `after` to search on; null: searched to the newest message. A page reads at most 500 messages, so it may hold fewer than `limit` matches (even none) and still have a `next` */
                            next: string | null;
                            /** @description messages read for this page */
                            scanned: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            name: string;
                            role: "moderator" | "admin" | "automation";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            staff: {
                                name: string;
                                role: "moderator" | "admin" | "automation";
                                /** @description config: the config file (or ADMIN_API_KEY); console: made by an admin, revocable here */
                                source: "config" | "console";
                                created_at: number | null;
                                created_by: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAdminStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description unique as it looks: letter case, look-alike letters, accents and separators aside */
                    name: string & (unknown & unknown & unknown & unknown & unknown);
                    role: "moderator" | "admin" | "automation";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            name: string;
                            role: "moderator" | "admin" | "automation";
                            /** @description the Bearer key: shown only in this answer */
                            key: string;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    deleteApiAdminStaffName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            name: string;
                            /** @constant */
                            revoked: true;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminAudit: {
        parameters: {
            query?: {
                /** @description how many items, 1 to 200 */
                limit?: number;
                /** @description the previous page's `next`: entries older than it */
                before?: string;
                /** @description only this staff member’s actions (their name as listed) */
                actor?: string;
                /** @description only this action, e.g. `staff.create` */
                action?: string;
                /** @description only actions at or after this time (Unix seconds) */
                from?: number;
                /** @description only actions at or before this time (Unix seconds) */
                to?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            entries: {
                                id: string;
                                /** @description Unix time in seconds */
                                at: number;
                                /** @description the staff member (their configured name; `admin` for ADMIN_API_KEY), or the payment provider (`stripe`) */
                                actor: string;
                                /** @description the staff member's role; `payment-provider` for what a provider's signed event recorded */
                                role: ("moderator" | "admin" | "automation") | "payment-provider";
                                /** @description chat.delete, chat.ban, chat.unban, chat.undo, request.played, request.rejected, schedule.change, revenue.entry, … */
                                action: string;
                                /** @description what it was done to: a message, a ban, a request, a show, a revenue event */
                                target: string;
                                detail: string | null;
                            }[];
                            count: number;
                            /** @description send it as `before` for the next (older) page; null: no more. A page reads at most 1000 entries, so a filtered page may hold fewer than `limit` (even none) and still have a `next` */
                            next: string | null;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminFeedback: {
        parameters: {
            query?: {
                /** @description only this type, e.g. `bug_report` */
                type?: string;
                /** @description only ratings at least this (feedback without a rating is left out) */
                min_rating?: number;
                /** @description only ratings at most this (feedback without a rating is left out); below `min_rating`: none */
                max_rating?: number;
                /** @description the previous page's `next`: older feedback */
                before?: number;
                /** @description how many items, 1 to 100 */
                limit?: number;
            };
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            feedback: {
                                id: string;
                                type: string;
                                content: string | null;
                                rating: number | null;
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                } | null;
                                /** @description Unix time in seconds */
                                created_at: number;
                            }[];
                            count: number;
                            /** @description send it as `before` for the next (older) page; null: no more. A page reads at most 200 entries, so a filtered page may hold fewer than `limit` (even none) and still have a `next` */
                            next: number | null;
                            /** @description entries read for this page */
                            scanned: number;
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminWebhooksDeliveries: {
        parameters: {
            query?: {
                /** @description how many, newest first (default 50) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            deliveries: {
                                /** @description the webhook-id header: one per event, the same on every attempt */
                                id: string;
                                type: "song.changed" | "station.online" | "station.offline" | "request.queued" | "request.played";
                                url: string;
                                status: "pending" | "retrying" | "delivered" | "failed";
                                attempts: number;
                                /** @description the receiver's HTTP status at the last attempt */
                                last_status_code: number | null;
                                /** @description why the last attempt failed (timeout, refused address, HTTP status) */
                                last_error: string | null;
                                /** @description Unix seconds */
                                created_at: number;
                                /** @description Unix seconds; null while pending or retrying */
                                finished_at: number | null;
                            }[];
                            count: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminRequests: {
        parameters: {
            query?: {
                /** @description default pending */
                status?: "pending" | "played" | "rejected" | "all";
                /** @description how many items, 1 to 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            requests: {
                                id: string;
                                song_title: string;
                                artist: string;
                                requester_name: string;
                                message: string | null;
                                priority: "low" | "normal" | "high";
                                status: "pending" | "played" | "rejected";
                                /** @description Unix time in seconds */
                                created_at: number;
                            }[];
                            count: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    patchApiAdminRequestsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the id of the song request */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what became of the request */
                    status?: "played" | "rejected";
                    /** @description staff's priority: shown, and it ranks the pending queue (a listener's ranks only with requests.listenerPriority `ordered`) */
                    priority?: "low" | "normal" | "high";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            song_title: string;
                            artist: string;
                            requester_name: string;
                            message: string | null;
                            priority: "low" | "normal" | "high";
                            status: "pending" | "played" | "rejected";
                            /** @description Unix time in seconds */
                            created_at: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminStation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            status: {
                                online: boolean;
                                listeners: number;
                                server_status: "online" | "offline" | "unknown";
                                /** @description the address to play; `""` while the station has not set up its stream (`station.streamUrl`) */
                                stream_url: string;
                                /** @description the station's website; `""` when it has none configured */
                                website_url: string;
                                uptime: {
                                    seconds: number;
                                    /** @description <days>d <hours>h <minutes>m */
                                    human: string;
                                };
                                /** @description <bitrate>kbps <codec>, or "unknown" before the first poll */
                                quality: string;
                                genre: string;
                            };
                            stats: {
                                current_listeners: number;
                                peak_listeners_today: number;
                                total_listener_hours: number;
                                /** @description seconds */
                                average_listening_time: number;
                                /** @description distinct listener addresses; present when the stream servers tell */
                                unique_listeners?: number;
                                listener_history: {
                                    /** @description Unix time in seconds */
                                    timestamp: number;
                                    listeners: number;
                                }[];
                                server_uptime: {
                                    seconds: number;
                                    /** @description <days>d <hours>h <minutes>m */
                                    human: string;
                                };
                                total_songs_played: number;
                                most_popular_songs: {
                                    song: {
                                        /** @description stable hash of artist and title */
                                        id: string;
                                        title: string;
                                        artist: string;
                                        album?: string;
                                        /** @description "Artist - Title" */
                                        text: string;
                                        /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                        art?: string;
                                    };
                                    plays: number;
                                    requests: number;
                                    average_rating: number | null;
                                }[];
                            };
                            now_playing: {
                                /** @description null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown) */
                                now_playing: {
                                    song: {
                                        /** @description stable hash of artist and title */
                                        id: string;
                                        title: string;
                                        artist: string;
                                        album?: string;
                                        /** @description "Artist - Title" */
                                        text: string;
                                        /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                        art?: string;
                                    };
                                    /** @description Unix time in seconds */
                                    played_at: number;
                                    /** @description seconds since played_at when answered (an app computes it from played_at and the Date header instead) */
                                    elapsed?: number;
                                    /** @description seconds, when the playout system or the reader says: with played_at, the progress bar */
                                    duration?: number;
                                } | null;
                                song_history: {
                                    song: {
                                        /** @description stable hash of artist and title */
                                        id: string;
                                        title: string;
                                        artist: string;
                                        album?: string;
                                        /** @description "Artist - Title" */
                                        text: string;
                                        /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                        art?: string;
                                    };
                                    /** @description Unix time in seconds */
                                    played_at: number;
                                }[];
                                listeners: {
                                    current: number;
                                    peak_today: number;
                                };
                                online: boolean;
                                playing_next: {
                                    song: {
                                        /** @description stable hash of artist and title */
                                        id: string;
                                        title: string;
                                        artist: string;
                                        album?: string;
                                        /** @description "Artist - Title" */
                                        text: string;
                                        /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                        art?: string;
                                    };
                                    duration: number | null;
                                } | null;
                                live: {
                                    is_live: boolean;
                                    streamer_name: string | null;
                                    since: number | null;
                                };
                            };
                            sources: {
                                /** @description the source as configured (`stream` for the single-source keys) */
                                name: string;
                                primary: boolean;
                                /** @description its status page answered at the last poll */
                                reachable: boolean;
                                /** @description a source is connected on it */
                                online: boolean;
                                listeners: number;
                                /** @description Unix seconds of the last poll it answered */
                                last_good_poll: number | null;
                                /** @description why the last poll of it failed */
                                error: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminReportsListeners: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in station time (default: 6 days before `to`) */
                from?: string;
                /** @description last day, YYYY-MM-DD in station time (default: today); at most 400 days after `from` */
                to?: string;
                /** @description `hour`: also 24 hours per day, for ranges of at most 7 days */
                by?: "day" | "hour";
            };
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            from: string;
                            to: string;
                            timezone: string;
                            /** @description `none`: nothing is recorded */
                            analytics_level: "full" | "no_ip" | "none";
                            /** @description the days that have figures */
                            days: {
                                date: string;
                                /** @description sessions that started that day */
                                sessions: number;
                                /** @description distinct listeners (addresses under `full`, keyed hashes under `no_ip`); Redis counts them with a HyperLogLog (0.81 % standard error) */
                                unique_listeners: number;
                                listener_hours: number;
                                /** @description of the sessions that started that day and have ended */
                                average_session_seconds: number | null;
                                /** @description from the session-length histogram, off by at most its bucket */
                                median_session_seconds: number | null;
                                peak_listeners: number;
                                /** @description seconds on air when no listener list could be read: the figures miss them */
                                unknown_seconds: number;
                            }[];
                            /** @description with `by=hour`: 24 per day with figures */
                            hours?: {
                                /** @description YYYY-MM-DDTHH:00, station time */
                                hour: string;
                                sessions: number;
                                listener_hours: number;
                                peak_listeners: number;
                            }[];
                            range: {
                                sessions: number;
                                listener_hours: number;
                                average_session_seconds: number | null;
                                median_session_seconds: number | null;
                                peak_listeners: number;
                                unknown_seconds: number;
                                /** @description sessions per player (from the User-Agent), most first */
                                players: {
                                    name: string;
                                    sessions: number;
                                }[];
                                /** @description sessions per country (ISO 3166-1 alpha-2; `--` unknown), most first */
                                countries: {
                                    name: string;
                                    sessions: number;
                                }[];
                                /** @description sessions per source, most first */
                                mounts: {
                                    name: string;
                                    sessions: number;
                                }[];
                                /** @description ended sessions per length bucket */
                                session_lengths: {
                                    /** @description null: the open last bucket */
                                    up_to_seconds: number | null;
                                    sessions: number;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminReportsListenersCsv: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in station time (default: 6 days before `to`) */
                from?: string;
                /** @description last day, YYYY-MM-DD in station time (default: today); at most 400 days after `from` */
                to?: string;
            };
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description attachment, with a file name that says the report and its days */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description attachment, with a file name that says the report and its days */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminReportsRoyaltiesCsv: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in station time (default: 6 days before `to`) */
                from?: string;
                /** @description last day, YYYY-MM-DD in station time (default: today); at most 400 days after `from` */
                to?: string;
                /** @description `plays` (default): one row per play; `soundexchange`: one row per recording */
                format?: "plays" | "soundexchange";
            };
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description attachment, with a file name that says the report and its days */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description attachment, with a file name that says the report and its days */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminRevenueEventsCsv: {
        parameters: {
            query?: {
                /** @description first day, YYYY-MM-DD in station time (default: 29 days before `to`) */
                from?: string;
                /** @description last day, YYYY-MM-DD in station time (default: today) */
                to?: string;
            };
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description attachment, with a file name that says the days */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description attachment, with a file name that says the days */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAdminProgramme: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    putApiAdminProgrammeShowsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current */
                "If-Match"?: string;
            };
            path: {
                /** @description the id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description unique id (letters, digits, `_`, `-`) */
                    id: string;
                    /** @description title shown in the schedule */
                    title: string & (unknown & unknown & unknown & unknown);
                    /** @description who presents it (reserved as a chat nickname) */
                    host?: string & (unknown & unknown & unknown & unknown);
                    /** @description a line or two about it */
                    description?: string & (unknown & unknown & unknown & unknown);
                    /** @description the weekdays it airs */
                    days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    /** @description start, local time HH:MM */
                    start: string;
                    /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                    end: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    /** @description the revision this answer holds: send it in If-Match with the next edit */
                    ETag?: string;
                    /** @description `private, no-cache` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description PRECONDITION_FAILED: This was changed by someone else since you read it; read it again. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PRECONDITION_FAILED";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    deleteApiAdminProgrammeShowsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current */
                "If-Match"?: string;
            };
            path: {
                /** @description the id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    /** @description the revision this answer holds: send it in If-Match with the next edit */
                    ETag?: string;
                    /** @description `private, no-cache` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description PRECONDITION_FAILED: This was changed by someone else since you read it; read it again. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PRECONDITION_FAILED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    putApiAdminProgrammeEventsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current */
                "If-Match"?: string;
            };
            path: {
                /** @description the id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description unique id (letters, digits, `_`, `-`) */
                    id: string;
                    /** @description title shown in the schedule */
                    title: string & (unknown & unknown & unknown & unknown);
                    /** @description who presents it (reserved as a chat nickname) */
                    host?: string & (unknown & unknown & unknown & unknown);
                    /** @description a line or two about it */
                    description?: string & (unknown & unknown & unknown & unknown);
                    /**
                     * Format: date-time
                     * @description start, an ISO 8601 date-time with offset
                     */
                    start: string;
                    /**
                     * Format: date-time
                     * @description end, an ISO 8601 date-time with offset
                     */
                    end: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    /** @description the revision this answer holds: send it in If-Match with the next edit */
                    ETag?: string;
                    /** @description `private, no-cache` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description PRECONDITION_FAILED: This was changed by someone else since you read it; read it again. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PRECONDITION_FAILED";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    deleteApiAdminProgrammeEventsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current */
                "If-Match"?: string;
            };
            path: {
                /** @description the id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    /** @description the revision this answer holds: send it in If-Match with the next edit */
                    ETag?: string;
                    /** @description `private, no-cache` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description PRECONDITION_FAILED: This was changed by someone else since you read it; read it again. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PRECONDITION_FAILED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    putApiAdminProgrammePlaylistsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current */
                "If-Match"?: string;
            };
            path: {
                /** @description the id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description unique id (letters, digits, `_`, `-`) */
                    id: string;
                    /** @description name shown to listeners */
                    name: string & (unknown & unknown & unknown & unknown);
                    /** @description a line or two about it */
                    description?: string & (unknown & unknown & unknown & unknown);
                    /** @description its genre */
                    genre?: string & (unknown & unknown & unknown & unknown);
                    /** @description how many songs it holds */
                    song_count?: number;
                    /**
                     * Format: uri
                     * @description where to hear or see it
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    /** @description the revision this answer holds: send it in If-Match with the next edit */
                    ETag?: string;
                    /** @description `private, no-cache` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description PRECONDITION_FAILED: This was changed by someone else since you read it; read it again. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PRECONDITION_FAILED";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    deleteApiAdminProgrammePlaylistsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current */
                "If-Match"?: string;
            };
            path: {
                /** @description the id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    /** @description the revision this answer holds: send it in If-Match with the next edit */
                    ETag?: string;
                    /** @description `private, no-cache` */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one */
                            generation: string;
                            /** @description raised by every edit */
                            revision: number;
                            /** @description Unix seconds of the last change */
                            updated_at: number;
                            /** @description the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back) */
                            updated_by: string | null;
                            /** @description station.timezone: the zone the shows' times are in, and the console's date and time fields */
                            timezone: string;
                            shows: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description the weekdays it airs */
                                days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                                /** @description start, local time HH:MM */
                                start: string;
                                /** @description end, local time HH:MM (earlier than start: it ends the next day) */
                                end: string;
                            }[];
                            events: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description title shown in the schedule */
                                title: string & (unknown & unknown & unknown & unknown);
                                /** @description who presents it (reserved as a chat nickname) */
                                host?: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /**
                                 * Format: date-time
                                 * @description start, an ISO 8601 date-time with offset
                                 */
                                start: string;
                                /**
                                 * Format: date-time
                                 * @description end, an ISO 8601 date-time with offset
                                 */
                                end: string;
                            }[];
                            playlists: {
                                /** @description unique id (letters, digits, `_`, `-`) */
                                id: string;
                                /** @description name shown to listeners */
                                name: string & (unknown & unknown & unknown & unknown);
                                /** @description a line or two about it */
                                description?: string & (unknown & unknown & unknown & unknown);
                                /** @description its genre */
                                genre?: string & (unknown & unknown & unknown & unknown);
                                /** @description how many songs it holds */
                                song_count?: number;
                                /**
                                 * Format: uri
                                 * @description where to hear or see it
                                 */
                                url?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description PRECONDITION_FAILED: This was changed by someone else since you read it; read it again. */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PRECONDITION_FAILED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description What is left of the client's budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included. On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    RateLimit?: string;
                    /** @description The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default). On a staff write it is the staff member's budget of writes (`"staff"`, `rateLimit.staffActions`), absent when the key was refused or the store is away. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAdminNowplaying: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description may be empty (a jingle, a sermon) */
                    artist: string & (unknown & unknown & unknown & unknown);
                    /** @description the track */
                    title: string & (unknown & unknown & unknown & unknown);
                    /** @description album */
                    album?: string & (unknown & unknown & unknown & unknown);
                    /** @description record label */
                    label?: string & (unknown & unknown & unknown & unknown);
                    /** @description whole seconds (0: not known) */
                    duration?: number;
                    /** @description an https URL, or a path on this hub */
                    artwork_url?: string;
                    /** @description ISO 3901, with or without dashes */
                    isrc?: string;
                    /** @description Unix seconds the track started (default: when the push arrives) */
                    started_at?: number;
                    /** @description what plays next, first first (up to 5) */
                    next?: {
                        artist: string & (unknown & unknown & unknown & unknown);
                        /** @description the track */
                        title: string & (unknown & unknown & unknown & unknown);
                        /** @description whole seconds (0: not known) */
                        duration?: number;
                        /** @description an https URL, or a path on this hub */
                        artwork_url?: string;
                    }[];
                    /** @description whether a presenter is live */
                    live?: {
                        is_live: boolean;
                        /** @description the presenter's name */
                        streamer_name?: string & (unknown & unknown & unknown & unknown);
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown) */
                            now_playing: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                                /** @description seconds since played_at when answered (an app computes it from played_at and the Date header instead) */
                                elapsed?: number;
                                /** @description seconds, when the playout system or the reader says: with played_at, the progress bar */
                                duration?: number;
                            } | null;
                            song_history: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                            }[];
                            listeners: {
                                current: number;
                                peak_today: number;
                            };
                            online: boolean;
                            playing_next: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                duration: number | null;
                            } | null;
                            live: {
                                is_live: boolean;
                                streamer_name: string | null;
                                since: number | null;
                            };
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED" | "INVALID_JSON";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "PAYLOAD_TOO_LARGE";
                        };
                    };
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: send application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNSUPPORTED_MEDIA_TYPE";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    postApiAdminNowplayingUrl: {
        parameters: {
            query: {
                /** @description the artist of the track that starts */
                artist: string & (unknown & unknown & unknown & unknown);
                /** @description the track */
                title: string & (unknown & unknown & unknown & unknown);
                /** @description its album */
                album?: string & (unknown & unknown & unknown & unknown);
                /** @description its record label */
                label?: string & (unknown & unknown & unknown & unknown);
                /** @description whole seconds (0: not known) */
                duration?: number;
                /** @description an https URL, or a path on this hub */
                artwork_url?: string;
                /** @description ISO 3901, with or without dashes */
                isrc?: string;
                /** @description Unix seconds the track started (default: when the push arrives) */
                started_at?: number;
                /** @description the artist of what plays next */
                next_artist?: string & (unknown & unknown & unknown & unknown);
                /** @description what plays next (one track in this form) */
                next_title?: string & (unknown & unknown & unknown & unknown);
                /** @description whole seconds (0: not known) */
                next_duration?: number;
                /** @description a presenter is live under this name */
                streamer_name?: string & (unknown & unknown & unknown & unknown);
                /** @description the automation key, where the software cannot send an Authorization header (redacted from every log line; accepted on this route only) */
                key?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description the same fields as the query, when the software posts a form (the body wins a field given in both) */
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description the artist of the track that starts */
                    artist?: string & (unknown & unknown & unknown & unknown);
                    /** @description the track */
                    title?: string & (unknown & unknown & unknown & unknown);
                    /** @description its album */
                    album?: string & (unknown & unknown & unknown & unknown);
                    /** @description its record label */
                    label?: string & (unknown & unknown & unknown & unknown);
                    /** @description whole seconds (0: not known) */
                    duration?: number;
                    /** @description an https URL, or a path on this hub */
                    artwork_url?: string;
                    /** @description ISO 3901, with or without dashes */
                    isrc?: string;
                    /** @description Unix seconds the track started (default: when the push arrives) */
                    started_at?: number;
                    /** @description the artist of what plays next */
                    next_artist?: string & (unknown & unknown & unknown & unknown);
                    /** @description what plays next (one track in this form) */
                    next_title?: string & (unknown & unknown & unknown & unknown);
                    /** @description whole seconds (0: not known) */
                    next_duration?: number;
                    /** @description a presenter is live under this name */
                    streamer_name?: string & (unknown & unknown & unknown & unknown);
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown) */
                            now_playing: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                                /** @description seconds since played_at when answered (an app computes it from played_at and the Date header instead) */
                                elapsed?: number;
                                /** @description seconds, when the playout system or the reader says: with played_at, the progress bar */
                                duration?: number;
                            } | null;
                            song_history: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                /** @description Unix time in seconds */
                                played_at: number;
                            }[];
                            listeners: {
                                current: number;
                                peak_today: number;
                            };
                            online: boolean;
                            playing_next: {
                                song: {
                                    /** @description stable hash of artist and title */
                                    id: string;
                                    title: string;
                                    artist: string;
                                    album?: string;
                                    /** @description "Artist - Title" */
                                    text: string;
                                    /** @description artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known */
                                    art?: string;
                                };
                                duration: number | null;
                            } | null;
                            live: {
                                is_live: boolean;
                                streamer_name: string | null;
                                since: number | null;
                            };
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: the staff member's Bearer key is missing or wrong */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAUTHORIZED";
                        };
                    };
                };
            };
            /** @description FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push) */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "FORBIDDEN";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After) Or RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getArtKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match) */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the image key, from `song.art` */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description `nosniff`: the type sent is the one the hub read from the image itself */
                    "X-Content-Type-Options"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/gif": string;
                    "image/webp": string;
                };
            };
            /** @description Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget) */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description `nosniff`: the type sent is the one the hub read from the image itself */
                    "X-Content-Type-Options"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: No such endpoint. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "NOT_FOUND";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            status: string;
                            store?: string;
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            status: string;
                            store?: string;
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiLiveEvents: {
        parameters: {
            query?: {
                /** @description comma-separated event names: nowplaying, listeners, status, schedule:updated, request:new, store:away, store:back, request:updated, chat:message, chat:deleted */
                events?: ("nowplaying" | "listeners" | "status" | "schedule:updated" | "request:new" | "store:away" | "store:back" | "request:updated" | "chat:message" | "chat:deleted")[];
                /** @description resume after this event id (for clients that cannot send the Last-Event-ID header) */
                lastEventId?: string;
            };
            header?: {
                /** @description resume after this event id (EventSource sends it when it reconnects) */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description always `no-cache, no-transform`: never cached, never transformed */
                    "Cache-Control"?: string;
                    /** @description always `no`: tells nginx not to buffer the stream */
                    "X-Accel-Buffering"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description VALIDATION_FAILED: `details` names each broken rule */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "VALIDATION_FAILED";
                        };
                    };
                };
            };
            /** @description RATE_LIMITED: Too many requests; try again later. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "RATE_LIMITED";
                        };
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiAsyncapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        asyncapi: "3.0.0";
                        info: Record<string, never>;
                        channels: Record<string, never>;
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
    getApiOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
            /** @description UNAVAILABLE: a backing service is down; Retry-After says when to try again */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description INTERNAL (500): a fault on our side, in the same envelope */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "INTERNAL";
                        };
                    };
                };
            };
        };
    };
}
