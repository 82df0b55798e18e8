-- widen compile: an empty table with 1 batch planned, rules <types.rules>
-- reads `batch` (a `value` column of JSON text, one line per row); writes 1 column, then `_rescued`
-- `_rescued` is the line when it is not a JSON object, or when a value of it reaches no column (a field or
-- a shape the table has no column for, a value a guarded route refuses); the row keeps what has a column
-- (Spark resolves one level of nested lambdas per analysis pass: run `SET spark.sql.analyzer.maxIterations
-- = 1000` first for a table of nested records)
-- columns the batches add: a
WITH
-- each line as a map of its fields (null: the line is not a JSON object), and whether it may hold a number
--     Spark's parser keeps only as a double
lines AS (
  SELECT
    `value` AS `__widen_line`,
    try_variant_get(try_parse_json(`value`), '$', 'map<string,variant>') AS `__widen_m`,
    (
      regexp_replace(
        regexp_replace(regexp_replace(`value`, '\\\\.', ''), '"[^"]*"', '""'), '([0-9])\\.([0-9])', '$1$2'
      ) RLIKE '[0-9][eE]|[0-9]{39}'
    ) AS `__widen_hd`
  FROM batch
),
-- each field's value, as VARIANT
fields AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    named_struct('a', `__widen_m`['a']) AS `__widen_f`
  FROM lines
),
-- each value's shape (long, string[], record...), one lambda for every field
shape_codes AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    transform(
      array(`__widen_f`['a']),
      _x1 -> element_at(
        transform(
          array(
            transform(
              flatten(
                transform(
                  array(named_struct('d', 0, 'v', _x1, 'sv', schema_of_variant(_x1))),
                  _x2 -> CASE
                    WHEN (startswith(_x2['sv'], 'ARRAY<') AND (NOT (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$'))) THEN transform(
                      filter(
                        try_variant_get(_x2['v'], '$', 'array<variant>'), _x3 -> (NOT is_variant_null(_x3))
                      ),
                      _x3 -> named_struct('d', (_x2['d'] + 1), 'v', _x3, 'sv', schema_of_variant(_x3))
                    )
                    ELSE array(_x2)
                  END
                )
              ),
              _x2 -> element_at(
                transform(
                  array(
                    CASE
                      WHEN ((NOT startswith(_x2['sv'], 'OBJECT<')) AND (NOT startswith(_x2['sv'], 'ARRAY<'))) THEN element_at(
                        transform(
                          array(
                            CASE
                              WHEN ((_x2['v'] IS NULL) OR (_x2['sv'] = 'VOID')) THEN 'null'
                              WHEN (_x2['sv'] = 'BOOLEAN') THEN 'boolean'
                              WHEN (_x2['sv'] = 'BIGINT') THEN 'integer'
                              WHEN startswith(_x2['sv'], 'DECIMAL(') THEN CASE
                                WHEN (
                                  (regexp_extract(_x2['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0')
                                  AND (try_variant_get(_x2['v'], '$', 'bigint') IS NULL)
                                ) THEN 'integer'
                                ELSE 'fraction'
                              END
                              WHEN (_x2['sv'] = 'DOUBLE') THEN 'fraction'
                              WHEN (_x2['sv'] = 'STRING') THEN 'string'
                              WHEN startswith(_x2['sv'], 'ARRAY<') THEN 'array'
                              WHEN startswith(_x2['sv'], 'OBJECT<') THEN 'object'
                              ELSE 'other'
                            END
                          ),
                          _x3 -> CASE
                            WHEN (_x3 = 'boolean') THEN 0
                            WHEN (_x3 = 'integer') THEN CASE
                              WHEN (
                                (try_variant_get(_x2['v'], '$', 'bigint') IS NOT NULL)
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'bigint') AS decimal(38,0)) = try_variant_get(
                                    _x2['v'], '$', 'decimal(38,0)'
                                  )
                                )
                              ) THEN 1
                              WHEN (
                                (try_variant_get(_x2['v'], '$', 'decimal(38,0)') IS NOT NULL)
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'decimal(38,0)') AS decimal(38,0)) = try_variant_get(
                                    _x2['v'], '$', 'decimal(38,0)'
                                  )
                                )
                              ) THEN 3
                              ELSE 6
                            END
                            WHEN (_x3 = 'fraction') THEN CASE
                              WHEN (
                                (
                                  (
                                    (try_variant_get(_x2['v'], '$', 'double') IS NOT NULL)
                                    AND (NOT isnan(try_variant_get(_x2['v'], '$', 'double')))
                                  )
                                  AND (
                                    abs(try_variant_get(_x2['v'], '$', 'double')) < CAST('Infinity' AS DOUBLE)
                                  )
                                )
                                AND CASE
                                  WHEN (_x2['sv'] = 'DOUBLE') THEN TRUE
                                  ELSE (
                                    regexp_replace(
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_replace(
                                            CAST(try_variant_get(_x2['v'], '$', 'double') AS string),
                                            '[eE].*$', ''
                                          ),
                                          '^-', ''
                                        ),
                                        '\\.', ''
                                      ),
                                      '^0+|0+$', ''
                                    ) = regexp_replace(
                                      regexp_replace(
                                        regexp_replace(
                                          regexp_replace(to_json(_x2['v']), '[eE].*$', ''), '^-', ''
                                        ),
                                        '\\.', ''
                                      ),
                                      '^0+|0+$', ''
                                    )
                                  )
                                END
                              ) THEN 2
                              ELSE 6
                            END
                            WHEN (_x3 = 'string') THEN CASE
                              WHEN (
                                (
                                  (
                                    try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                  )
                                  AND (NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000'))
                                )
                                AND (
                                  try_to_date(try_variant_get(_x2['v'], '$', 'string'), 'yyyy-MM-dd') IS NOT NULL
                                )
                              ) THEN 4
                              WHEN (
                                (
                                  (
                                    try_variant_get(_x2['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                  )
                                  AND (NOT startswith(try_variant_get(_x2['v'], '$', 'string'), '0000'))
                                )
                                AND (
                                  TRY_CAST(try_variant_get(_x2['v'], '$', 'string') AS timestamp) IS NOT NULL
                                )
                              ) THEN 5
                              ELSE 6
                            END
                          END
                        ),
                        1
                      )
                    END
                  ),
                  _x3 -> named_struct(
                    'd', _x2['d'], 'k',
                    CASE
                      WHEN startswith(_x2['sv'], 'OBJECT<') THEN 1
                      WHEN (_x2['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                      WHEN startswith(_x2['sv'], 'ARRAY<') THEN 3
                      ELSE 0
                    END,
                    't', _x3, 'x', 0, 'e', (size(split(_x2['sv'], 'ARRAY<')) - 1)
                  )
                ),
                1
              )
            )
          ),
          _x2 -> element_at(
            transform(
              array(
                named_struct(
                  'prim', exists(_x2, _x3 -> (_x3['k'] = 0)), 'rec', exists(_x2, _x3 -> (_x3['k'] = 1)),
                  'deep', exists(_x2, _x3 -> (_x3['k'] = 3)), 'lo',
                  array_min(transform(filter(_x2, _x3 -> (_x3['k'] <= 1)), _x3 -> _x3['d'])), 'hi',
                  array_max(transform(filter(_x2, _x3 -> (_x3['k'] <= 1)), _x3 -> _x3['d'])), 'e',
                  array_max(transform(filter(_x2, _x3 -> (_x3['k'] = 2)), _x3 -> (_x3['d'] + _x3['e']))),
                  'mask',
                  aggregate(
                    filter(_x2, _x3 -> (_x3['k'] <= 1)), 0, (_acc3, _x3) -> (_acc3 | shiftleft(1, _x3['t']))
                  ),
                  'exact',
                  aggregate(filter(_x2, _x3 -> (_x3['k'] <= 1)), 127, (_acc3, _x3) -> (_acc3 & _x3['x']))
                )
              ),
              _x3 -> CASE
                WHEN ((_x1 IS NULL) OR is_variant_null(_x1)) THEN 'null'
                WHEN (
                  (
                    NOT (
                      (_x3['rec'] AND (NOT _x3['prim']))
                      AND (
                        NOT (
                          ((_x3['prim'] AND _x3['rec']) OR (_x3['lo'] != _x3['hi']))
                          OR coalesce((_x3['e'] > _x3['hi']), FALSE)
                        )
                      )
                    )
                  )
                  AND CASE
                    WHEN `__widen_hd` THEN (schema_of_variant(_x1) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)')
                    ELSE (schema_of_variant(_x1) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                  END
                ) THEN 'deep'
                WHEN ((NOT _x3['prim']) AND (NOT _x3['rec'])) THEN CASE
                  WHEN _x3['deep'] THEN 'deep'
                  ELSE 'empty'
                END
                WHEN (
                  (
                    ((_x3['prim'] AND _x3['rec']) OR (_x3['lo'] != _x3['hi']))
                    OR coalesce((_x3['e'] > _x3['hi']), FALSE)
                  )
                  OR _x3['deep']
                ) THEN element_at(
                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'), 7
                )
                WHEN (
                  (_x3['rec'] AND (_x3['hi'] = 0))
                  AND (size(array_remove(map_keys(try_variant_get(_x1, '$', 'map<string,variant>')), '')) = 0)
                ) THEN 'empty'
                WHEN _x3['rec'] THEN concat('record', repeat('[]', _x3['hi']))
                ELSE concat(
                  CASE
                    WHEN (_x3['hi'] = 0) THEN element_at(
                      array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                      (element_at(_x2, 1)['t'] + 1)
                    )
                    ELSE 'array'
                  END,
                  repeat('[]', _x3['hi'])
                )
              END
            ),
            1
          )
        ),
        1
      )
    ) AS `__widen_sh`
  FROM fields
),
-- the shapes by field name
shapes AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    named_struct('a', `__widen_sh`[0]) AS `__widen_s`
  FROM shape_codes
),
-- each field's value converted once to each column type that takes it, by its shape
conversions AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    `__widen_s`
  FROM shapes
),
-- the conversions by field name
converted AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_f`,
    `__widen_s`
  FROM conversions
),
-- the table's columns: each one's routes, by the value's shape
columns AS (
  SELECT
    `__widen_line`,
    `__widen_m`,
    `__widen_hd`,
    `__widen_s`,
    -- a::record <- a as record (as is)
    --   a.b::long <- a.b as long (as is)
    CASE
      WHEN coalesce(
        startswith(
          schema_of_variant(CASE WHEN (`__widen_s`['a'] = 'record') THEN `__widen_f`['a'] END), 'OBJECT<'
        ),
        FALSE
      ) THEN element_at(
        transform(
          array(
            try_variant_get(
              CASE WHEN (`__widen_s`['a'] = 'record') THEN `__widen_f`['a'] END, '$', 'map<string,variant>'
            )
          ),
          _x1 -> element_at(
            transform(
              array(
                transform(
                  array(_x1['b']),
                  _x2 -> element_at(
                    transform(
                      array(
                        transform(
                          flatten(
                            transform(
                              array(named_struct('d', 0, 'v', _x2, 'sv', schema_of_variant(_x2))),
                              _x3 -> CASE
                                WHEN (
                                  startswith(_x3['sv'], 'ARRAY<')
                                  AND (NOT (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$'))
                                ) THEN transform(
                                  filter(
                                    try_variant_get(_x3['v'], '$', 'array<variant>'),
                                    _x4 -> (NOT is_variant_null(_x4))
                                  ),
                                  _x4 -> named_struct(
                                    'd', (_x3['d'] + 1), 'v', _x4, 'sv', schema_of_variant(_x4)
                                  )
                                )
                                ELSE array(_x3)
                              END
                            )
                          ),
                          _x3 -> element_at(
                            transform(
                              array(
                                CASE
                                  WHEN (
                                    (NOT startswith(_x3['sv'], 'OBJECT<'))
                                    AND (NOT startswith(_x3['sv'], 'ARRAY<'))
                                  ) THEN element_at(
                                    transform(
                                      array(
                                        CASE
                                          WHEN ((_x3['v'] IS NULL) OR (_x3['sv'] = 'VOID')) THEN 'null'
                                          WHEN (_x3['sv'] = 'BOOLEAN') THEN 'boolean'
                                          WHEN (_x3['sv'] = 'BIGINT') THEN 'integer'
                                          WHEN startswith(_x3['sv'], 'DECIMAL(') THEN CASE
                                            WHEN (
                                              (
                                                regexp_extract(_x3['sv'], '^DECIMAL\\(\\d+,(\\d+)\\)$', 1) = '0'
                                              )
                                              AND (try_variant_get(_x3['v'], '$', 'bigint') IS NULL)
                                            ) THEN 'integer'
                                            ELSE 'fraction'
                                          END
                                          WHEN (_x3['sv'] = 'DOUBLE') THEN 'fraction'
                                          WHEN (_x3['sv'] = 'STRING') THEN 'string'
                                          WHEN startswith(_x3['sv'], 'ARRAY<') THEN 'array'
                                          WHEN startswith(_x3['sv'], 'OBJECT<') THEN 'object'
                                          ELSE 'other'
                                        END
                                      ),
                                      _x4 -> CASE
                                        WHEN (_x4 = 'boolean') THEN 0
                                        WHEN (_x4 = 'integer') THEN CASE
                                          WHEN (
                                            (try_variant_get(_x3['v'], '$', 'bigint') IS NOT NULL)
                                            AND (
                                              TRY_CAST(
                                                try_variant_get(_x3['v'], '$', 'bigint') AS decimal(38,0)
                                              ) = try_variant_get(_x3['v'], '$', 'decimal(38,0)')
                                            )
                                          ) THEN 1
                                          WHEN (
                                            (try_variant_get(_x3['v'], '$', 'decimal(38,0)') IS NOT NULL)
                                            AND (
                                              TRY_CAST(
                                                try_variant_get(_x3['v'], '$', 'decimal(38,0)') AS decimal(
                                                  38, 0
                                                )
                                              ) = try_variant_get(_x3['v'], '$', 'decimal(38,0)')
                                            )
                                          ) THEN 3
                                          ELSE 6
                                        END
                                        WHEN (_x4 = 'fraction') THEN CASE
                                          WHEN (
                                            (
                                              (
                                                (try_variant_get(_x3['v'], '$', 'double') IS NOT NULL)
                                                AND (NOT isnan(try_variant_get(_x3['v'], '$', 'double')))
                                              )
                                              AND (
                                                abs(try_variant_get(_x3['v'], '$', 'double')) < CAST(
                                                  'Infinity' AS DOUBLE
                                                )
                                              )
                                            )
                                            AND CASE
                                              WHEN (_x3['sv'] = 'DOUBLE') THEN TRUE
                                              ELSE (
                                                regexp_replace(
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_replace(
                                                        CAST(
                                                          try_variant_get(_x3['v'], '$', 'double') AS string
                                                        ),
                                                        '[eE].*$', ''
                                                      ),
                                                      '^-', ''
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '^0+|0+$', ''
                                                ) = regexp_replace(
                                                  regexp_replace(
                                                    regexp_replace(
                                                      regexp_replace(to_json(_x3['v']), '[eE].*$', ''), '^-',
                                                      ''
                                                    ),
                                                    '\\.', ''
                                                  ),
                                                  '^0+|0+$', ''
                                                )
                                              )
                                            END
                                          ) THEN 2
                                          ELSE 6
                                        END
                                        WHEN (_x4 = 'string') THEN CASE
                                          WHEN (
                                            (
                                              (
                                                try_variant_get(_x3['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z'
                                              )
                                              AND (
                                                NOT startswith(
                                                  try_variant_get(_x3['v'], '$', 'string'), '0000'
                                                )
                                              )
                                            )
                                            AND (
                                              try_to_date(
                                                try_variant_get(_x3['v'], '$', 'string'), 'yyyy-MM-dd'
                                              ) IS NOT NULL
                                            )
                                          ) THEN 4
                                          WHEN (
                                            (
                                              (
                                                try_variant_get(_x3['v'], '$', 'string') RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?(Z|\\+00:00)\\z'
                                              )
                                              AND (
                                                NOT startswith(
                                                  try_variant_get(_x3['v'], '$', 'string'), '0000'
                                                )
                                              )
                                            )
                                            AND (
                                              TRY_CAST(try_variant_get(_x3['v'], '$', 'string') AS timestamp) IS NOT NULL
                                            )
                                          ) THEN 5
                                          ELSE 6
                                        END
                                      END
                                    ),
                                    1
                                  )
                                END
                              ),
                              _x4 -> named_struct(
                                'd', _x3['d'], 'k',
                                CASE
                                  WHEN startswith(_x3['sv'], 'OBJECT<') THEN 1
                                  WHEN (_x3['sv'] RLIKE '^(ARRAY<)+VOID>+$') THEN 2
                                  WHEN startswith(_x3['sv'], 'ARRAY<') THEN 3
                                  ELSE 0
                                END,
                                't', _x4, 'x', 0, 'e', (size(split(_x3['sv'], 'ARRAY<')) - 1)
                              )
                            ),
                            1
                          )
                        )
                      ),
                      _x3 -> element_at(
                        transform(
                          array(
                            named_struct(
                              'prim', exists(_x3, _x4 -> (_x4['k'] = 0)), 'rec',
                              exists(_x3, _x4 -> (_x4['k'] = 1)), 'deep', exists(_x3, _x4 -> (_x4['k'] = 3)),
                              'lo',
                              array_min(transform(filter(_x3, _x4 -> (_x4['k'] <= 1)), _x4 -> _x4['d'])),
                              'hi',
                              array_max(transform(filter(_x3, _x4 -> (_x4['k'] <= 1)), _x4 -> _x4['d'])), 'e',
                              array_max(
                                transform(filter(_x3, _x4 -> (_x4['k'] = 2)), _x4 -> (_x4['d'] + _x4['e']))
                              ),
                              'mask',
                              aggregate(
                                filter(_x3, _x4 -> (_x4['k'] <= 1)), 0,
                                (_acc4, _x4) -> (_acc4 | shiftleft(1, _x4['t']))
                              ),
                              'exact',
                              aggregate(
                                filter(_x3, _x4 -> (_x4['k'] <= 1)), 127, (_acc4, _x4) -> (_acc4 & _x4['x'])
                              )
                            )
                          ),
                          _x4 -> CASE
                            WHEN ((_x2 IS NULL) OR is_variant_null(_x2)) THEN 'null'
                            WHEN (
                              (
                                NOT (
                                  (_x4['rec'] AND (NOT _x4['prim']))
                                  AND (
                                    NOT (
                                      ((_x4['prim'] AND _x4['rec']) OR (_x4['lo'] != _x4['hi']))
                                      OR coalesce((_x4['e'] > _x4['hi']), FALSE)
                                    )
                                  )
                                )
                              )
                              AND CASE
                                WHEN `__widen_hd` THEN (
                                  schema_of_variant(_x2) RLIKE '(^|<|: )(DOUBLE|VARIANT)(>|,|$)'
                                )
                                ELSE (schema_of_variant(_x2) RLIKE '(^|<|: )DOUBLE(>|,|$)')
                              END
                            ) THEN 'deep'
                            WHEN ((NOT _x4['prim']) AND (NOT _x4['rec'])) THEN CASE
                              WHEN _x4['deep'] THEN 'deep'
                              ELSE 'empty'
                            END
                            WHEN (
                              (
                                ((_x4['prim'] AND _x4['rec']) OR (_x4['lo'] != _x4['hi']))
                                OR coalesce((_x4['e'] > _x4['hi']), FALSE)
                              )
                              OR _x4['deep']
                            ) THEN element_at(
                              array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'), 7
                            )
                            WHEN (
                              (_x4['rec'] AND (_x4['hi'] = 0))
                              AND (
                                size(
                                  array_remove(map_keys(try_variant_get(_x2, '$', 'map<string,variant>')), '')
                                ) = 0
                              )
                            ) THEN 'empty'
                            WHEN _x4['rec'] THEN concat('record', repeat('[]', _x4['hi']))
                            ELSE concat(
                              CASE
                                WHEN (_x4['hi'] = 0) THEN element_at(
                                  array('boolean', 'long', 'double', 'decimal', 'date', 'timestamp', 'string'),
                                  (element_at(_x3, 1)['t'] + 1)
                                )
                                ELSE 'array'
                              END,
                              repeat('[]', _x4['hi'])
                            )
                          END
                        ),
                        1
                      )
                    ),
                    1
                  )
                )
              ),
              _x2 -> element_at(
                transform(
                  array(
                    named_struct(
                      'as_long',
                      transform(
                        array(named_struct('v', _x1['b'], 's', _x2[0])),
                        _x3 -> CASE
                          WHEN (_x3['s'] = 'boolean') THEN element_at(
                            transform(
                              array(try_variant_get(_x3['v'], '$', 'boolean')),
                              _x4 -> CAST(CASE WHEN _x4 THEN 1 WHEN (NOT _x4) THEN 0 END AS bigint)
                            ),
                            1
                          )
                          WHEN (_x3['s'] = 'long') THEN try_variant_get(_x3['v'], '$', 'bigint')
                          WHEN (_x3['s'] = 'date') THEN element_at(
                            transform(
                              array(try_to_date(try_variant_get(_x3['v'], '$', 'string'), 'yyyy-MM-dd')),
                              _x4 -> CASE
                                WHEN (
                                  CASE
                                    WHEN (pmod(unix_micros(CAST(_x4 AS timestamp)), 1) = 0) THEN CAST(
                                      div(unix_micros(CAST(_x4 AS timestamp)), 1) AS bigint
                                    )
                                  END IS NOT NULL
                                ) THEN CASE
                                  WHEN (pmod(unix_micros(CAST(_x4 AS timestamp)), 1) = 0) THEN CAST(
                                    div(unix_micros(CAST(_x4 AS timestamp)), 1) AS bigint
                                  )
                                END
                              END
                            ),
                            1
                          )
                          WHEN (_x3['s'] = 'timestamp') THEN element_at(
                            transform(
                              array(TRY_CAST(try_variant_get(_x3['v'], '$', 'string') AS timestamp)),
                              _x4 -> CASE
                                WHEN (
                                  CASE
                                    WHEN (pmod(unix_micros(_x4), 1) = 0) THEN CAST(
                                      div(unix_micros(_x4), 1) AS bigint
                                    )
                                  END IS NOT NULL
                                ) THEN CASE
                                  WHEN (pmod(unix_micros(_x4), 1) = 0) THEN CAST(
                                    div(unix_micros(_x4), 1) AS bigint
                                  )
                                END
                              END
                            ),
                            1
                          )
                        END
                      )
                    )
                  ),
                  _x3 -> element_at(
                    transform(
                      array(
                        named_struct(
                          'b', CAST(CASE WHEN (_x2[0] IN ('long')) THEN _x3['as_long'][0] END AS BIGINT)
                        )
                      ),
                      _x4 -> named_struct(
                        'b', _x4['b'], '__lost',
                        coalesce(
                          (
                            exists(
                              map_entries(_x1),
                              _x5 -> (
                                (NOT (_x5['key'] IN ('b', '')))
                                AND (
                                  regexp_replace(
                                    regexp_replace(
                                      to_json(_x5['value']),
                                      '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                                    ),
                                    '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                  ) RLIKE '"|[0-9]|true|false'
                                )
                              )
                            )
                            OR (
                              ((NOT (_x2[0] IN ('null', 'empty'))) AND (NOT (_x4['b'] IS NOT NULL)))
                              AND (
                                regexp_replace(
                                  regexp_replace(
                                    to_json(_x1['b']),
                                    '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                                  ),
                                  '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                                ) RLIKE '"|[0-9]|true|false'
                              )
                            )
                          ),
                          FALSE
                        )
                      )
                    ),
                    1
                  )
                ),
                1
              )
            ),
            1
          )
        ),
        1
      )
    END AS `a`
  FROM converted
)
-- the columns as the table types them, and _rescued: the line, when it is not a JSON object or a value of it reached no column
SELECT
  CAST(CASE WHEN (`a` IS NOT NULL) THEN named_struct('b', `a`['b']) END AS STRUCT<`b`: BIGINT>) AS `a`,
  CASE
    WHEN (
      (`__widen_m` IS NULL)
      OR coalesce(
        (
          exists(
            map_entries(`__widen_m`),
            _x1 -> (
              (NOT (_x1['key'] IN ('a', '')))
              AND (
                regexp_replace(
                  regexp_replace(
                    to_json(_x1['value']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                  ),
                  '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
                ) RLIKE '"|[0-9]|true|false'
              )
            )
          )
          OR (
            (
              (NOT (`__widen_s`['a'] IN ('null', 'empty')))
              AND (NOT ((`a` IS NOT NULL) AND (NOT coalesce(`a`['__lost'], FALSE))))
            )
            AND (
              regexp_replace(
                regexp_replace(
                  to_json(`__widen_m`['a']), '"":\\s*(?:"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"|[^,}\\]\\[{]+)', ''
                ),
                '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"\\s*:', ''
              ) RLIKE '"|[0-9]|true|false'
            )
          )
        ),
        FALSE
      )
    ) THEN `__widen_line`
  END AS `_rescued`
FROM columns;
