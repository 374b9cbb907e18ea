// An input-queued virtual-channel router with virtual cut-through flow control, the RTL twin of
// the TLM router (models/router/router.cpp) in its clocked configuration without output buffers.
//
// A packet's way through: its flits are written into the FIFO of their input VC. Once the head is
// at the front and has aged NumPreSwitchStages edges (route computation, VC allocation, switch
// allocation, overlapped with waiting), it is routed adaptively every cycle (the candidate output
// port and VC with most downstream credits) and requests the switch if that VC has credits for
// the whole packet and neither the output port nor its own input port is streaming another
// packet. A separable input-first allocator grants; the grant connects the input VC to the output
// (port, VC), takes the packet's credits, and pops the head. The remaining flits follow one per
// cycle as they arrive; each pop returns one credit upstream (in_credit_o). Flits cross the switch
// through NumSwitchStages registers onto the output pins. The connection ends at the edge after
// the tail is popped, so packets through one output leave back to back.
//
// Flit: bit FlitWidth-1 head, bit FlitWidth-2 tail; a head carries the destination in
// [DestWidth-1:0] and the packet length in flits in [DestWidth +: LenWidth]. Other bits are
// carried unchanged.
module hx_router #(
  /// Ports (inputs and outputs); the router gives them no names.
  parameter int unsigned NumPorts = 5,
  /// Virtual channels per port.
  parameter int unsigned NumVcs = 3,
  /// Deadlock classes; VC v belongs to class v / (NumVcs / NumClasses).
  parameter int unsigned NumClasses = 3,
  /// Flits per input VC buffer.
  parameter int unsigned BufferDepth = 16,
  /// Bits per flit.
  parameter int unsigned FlitWidth = 64,
  /// Bits of the destination field of a head flit.
  parameter int unsigned DestWidth = 10,
  /// Bits of the packet-length field of a head flit (length in flits, at least 1).
  parameter int unsigned LenWidth = 8,
  /// Bits of a downstream credit counter.
  parameter int unsigned CreditWidth = 8,
  /// Cycles a head spends in the buffer before it may be granted; 0 allowed.
  parameter int unsigned NumPreSwitchStages = 3,
  /// Register stages from the crossbar to the output pins; at least 1.
  parameter int unsigned NumSwitchStages = 1,
  /// Bits of a class index in a routing-table address (derived).
  localparam int unsigned ClassWidth = NumClasses > 1 ? $clog2(NumClasses) : 1,
  /// Bits of a routing-table address, {class, destination} (derived).
  localparam int unsigned TableAddrWidth = ClassWidth + DestWidth,
  /// Bits of a routing-table entry, {next_class_mask, port_mask} (derived).
  localparam int unsigned TableDataWidth = 2 * NumPorts
) (
  /// Clock; everything happens at its rising edge.
  input  logic                                 clk_i,
  /// Asynchronous reset, active low. While low, the credit counters load out_credit_init_i at
  /// every rising edge, and the routing table can be written.
  input  logic                                 rst_ni,
  /// Per input port and VC: a flit arrives (at most one VC per port per cycle).
  input  logic [NumPorts-1:0][NumVcs-1:0]      in_valid_i,
  /// Per input port: the arriving flit.
  input  logic [NumPorts-1:0][FlitWidth-1:0]   in_flit_i,
  /// Per input port and VC: a flit leaves that buffer this cycle; one credit back upstream.
  output logic [NumPorts-1:0][NumVcs-1:0]      in_credit_o,
  /// Per output port and VC: a flit leaves (registered).
  output logic [NumPorts-1:0][NumVcs-1:0]      out_valid_o,
  /// Per output port: the leaving flit, as it arrived (registered).
  output logic [NumPorts-1:0][FlitWidth-1:0]   out_flit_o,
  /// Per output port and VC: the downstream buffer returns one credit, counted at the edge.
  input  logic [NumPorts-1:0][NumVcs-1:0]      out_credit_i,
  /// Per output port: the initial credits of each of its VCs (the downstream buffer depth).
  input  logic [NumPorts-1:0][CreditWidth-1:0] out_credit_init_i,
  /// Write table_data_i into the routing table at table_addr_i at the rising edge.
  input  logic                                 table_we_i,
  /// Routing-table address: {class of the input VC, destination}.
  input  logic [TableAddrWidth-1:0]            table_addr_i,
  /// Routing-table entry: {next_class_mask, port_mask}, one bit per output port each.
  input  logic [TableDataWidth-1:0]            table_data_i,
  /// No flit is buffered, in the switch stages or still expected by an open connection.
  output logic                                 idle_o
);

  localparam int unsigned VcsPerClass = NumVcs / NumClasses;
  localparam int unsigned PortWidth = NumPorts > 1 ? $clog2(NumPorts) : 1;  // port index
  localparam int unsigned VcWidth = NumVcs > 1 ? $clog2(NumVcs) : 1;        // VC index
  localparam int unsigned HeadBit = FlitWidth - 1;                           // flit flags
  localparam int unsigned TailBit = FlitWidth - 2;

  ///////////////////
  // Input buffers //
  ///////////////////

  logic [NumPorts-1:0][NumVcs-1:0]                fifo_empty;
  logic [NumPorts-1:0][NumVcs-1:0]                fifo_aged;
  logic [NumPorts-1:0][NumVcs-1:0][FlitWidth-1:0] fifo_front;
  logic [NumPorts-1:0][NumVcs-1:0][LenWidth-1:0]  front_len;
  logic [NumPorts-1:0][NumVcs-1:0]                pop;

  //////////////////////////////
  // Routing and VC selection //
  //////////////////////////////

  logic [NumPorts*NumVcs-1:0][TableAddrWidth-1:0]   table_raddr;
  logic [NumPorts*NumVcs-1:0][TableDataWidth-1:0]   table_rdata;
  logic [NumPorts-1:0][NumVcs-1:0]                  sel_valid;
  logic [NumPorts-1:0][NumVcs-1:0]                  sel_fits;
  logic [NumPorts-1:0][NumVcs-1:0][PortWidth-1:0]   sel_port;
  logic [NumPorts-1:0][NumVcs-1:0][VcWidth-1:0]     sel_vc;
  logic [NumPorts-1:0][NumVcs-1:0]                  req;
  logic [NumPorts-1:0][NumVcs-1:0][CreditWidth-1:0] credits_d, credits_q;

  // Connections, kept per input port: conn_q[p] says input p streams a packet from its VC
  // conn_in_vc_q[p] to output port conn_out_port_q[p], VC conn_out_vc_q[p].
  logic [NumPorts-1:0]                conn_d, conn_q;
  logic [NumPorts-1:0][VcWidth-1:0]   conn_in_vc_d, conn_in_vc_q;
  logic [NumPorts-1:0][PortWidth-1:0] conn_out_port_d, conn_out_port_q;
  logic [NumPorts-1:0][VcWidth-1:0]   conn_out_vc_d, conn_out_vc_q;
  logic [NumPorts-1:0]                out_locked;

  hx_route_table #(
    .AddrWidth (TableAddrWidth),
    .DataWidth (TableDataWidth),
    .NumReads  (NumPorts * NumVcs)
  ) u_route_table (
    .clk_i,
    .we_i    (table_we_i),
    .waddr_i (table_addr_i),
    .wdata_i (table_data_i),
    .raddr_i (table_raddr),
    .rdata_o (table_rdata)
  );

  for (genvar p = 0; p < NumPorts; p++) begin : gen_in_port
    for (genvar v = 0; v < NumVcs; v++) begin : gen_in_vc
      localparam logic [ClassWidth-1:0] InClass = ClassWidth'(v / VcsPerClass);
      localparam int unsigned Read = p * NumVcs + v;

      hx_vc_fifo #(
        .Width  (FlitWidth),
        .Depth  (BufferDepth),
        .MinAge (NumPreSwitchStages)
      ) u_fifo (
        .clk_i,
        .rst_ni,
        .push_i       (in_valid_i[p][v]),
        .push_data_i  (in_flit_i[p]),
        .pop_i        (pop[p][v]),
        .empty_o      (fifo_empty[p][v]),
        .front_o      (fifo_front[p][v]),
        .front_aged_o (fifo_aged[p][v])
      );

      assign front_len[p][v] = fifo_front[p][v][DestWidth +: LenWidth];
      assign table_raddr[Read] = {InClass, fifo_front[p][v][DestWidth-1:0]};

      hx_route_select #(
        .NumPorts    (NumPorts),
        .NumVcs      (NumVcs),
        .NumClasses  (NumClasses),
        .CreditWidth (CreditWidth),
        .LenWidth    (LenWidth)
      ) u_route_select (
        .in_class_i        (InClass),
        .port_mask_i       (table_rdata[Read][NumPorts-1:0]),
        .next_class_mask_i (table_rdata[Read][2*NumPorts-1:NumPorts]),
        .credits_i         (credits_q),
        .len_i             (front_len[p][v]),
        .valid_o           (sel_valid[p][v]),
        .port_o            (sel_port[p][v]),
        .vc_o              (sel_vc[p][v]),
        .fits_o            (sel_fits[p][v])
      );

      // A head at the front, through the pre-switch stages, with a route that fits now.
      assign req[p][v] = !fifo_empty[p][v] && fifo_front[p][v][HeadBit] && fifo_aged[p][v] &&
                         sel_valid[p][v] && sel_fits[p][v] && !out_locked[sel_port[p][v]] &&
                         !conn_q[p];
    end
  end

  always_comb begin
    out_locked = '0;
    for (int q = 0; q < NumPorts; q++) begin
      for (int p = 0; p < NumPorts; p++) begin
        if (conn_q[p] && conn_out_port_q[p] == PortWidth'(q)) begin
          out_locked[q] = 1'b1;
        end
      end
    end
  end

  ///////////////////////
  // Switch allocation //
  ///////////////////////

  logic [NumPorts-1:0]                gnt;
  logic [NumPorts-1:0][VcWidth-1:0]   gnt_vc;
  logic [NumPorts-1:0][PortWidth-1:0] gnt_port;
  logic [NumPorts-1:0][VcWidth-1:0]   gnt_out_vc;
  logic [NumPorts-1:0][LenWidth-1:0]  gnt_len;

  hx_switch_alloc #(
    .NumPorts (NumPorts),
    .NumVcs   (NumVcs)
  ) u_switch_alloc (
    .clk_i,
    .rst_ni,
    .req_i      (req),
    .req_port_i (sel_port),
    .gnt_o      (gnt),
    .gnt_vc_o   (gnt_vc)
  );

  //////////////////////////////////
  // Streaming through the switch //
  //////////////////////////////////

  // Per input port, the flit it sends through the switch this cycle, if any: a granted head, or
  // the next flit of the packet its connection streams.
  logic [NumPorts-1:0]                src_valid;
  logic [NumPorts-1:0][VcWidth-1:0]   src_vc;
  logic [NumPorts-1:0][FlitWidth-1:0] src_flit;
  logic [NumPorts-1:0][PortWidth-1:0] src_out_port;
  logic [NumPorts-1:0][VcWidth-1:0]   src_out_vc;

  for (genvar p = 0; p < NumPorts; p++) begin : gen_src
    assign gnt_port[p]   = sel_port[p][gnt_vc[p]];
    assign gnt_out_vc[p] = sel_vc[p][gnt_vc[p]];
    assign gnt_len[p]    = front_len[p][gnt_vc[p]];

    assign src_vc[p]       = gnt[p] ? gnt_vc[p] : conn_in_vc_q[p];
    assign src_valid[p]    = gnt[p] || (conn_q[p] && !fifo_empty[p][conn_in_vc_q[p]]);
    assign src_flit[p]     = fifo_front[p][src_vc[p]];
    assign src_out_port[p] = gnt[p] ? gnt_port[p] : conn_out_port_q[p];
    assign src_out_vc[p]   = gnt[p] ? gnt_out_vc[p] : conn_out_vc_q[p];

    for (genvar v = 0; v < NumVcs; v++) begin : gen_pop
      assign pop[p][v] = src_valid[p] && (src_vc[p] == VcWidth'(v));
    end

    // A connection opens with a head that is not also the tail and closes with the tail.
    assign conn_d[p]          = src_valid[p] ? !src_flit[p][TailBit] : conn_q[p];
    assign conn_in_vc_d[p]    = gnt[p] ? gnt_vc[p] : conn_in_vc_q[p];
    assign conn_out_port_d[p] = gnt[p] ? gnt_port[p] : conn_out_port_q[p];
    assign conn_out_vc_d[p]   = gnt[p] ? gnt_out_vc[p] : conn_out_vc_q[p];
  end

  assign in_credit_o = pop;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      conn_q          <= '0;
      conn_in_vc_q    <= '0;
      conn_out_port_q <= '0;
      conn_out_vc_q   <= '0;
    end else begin
      conn_q          <= conn_d;
      conn_in_vc_q    <= conn_in_vc_d;
      conn_out_port_q <= conn_out_port_d;
      conn_out_vc_q   <= conn_out_vc_d;
    end
  end

  // The crossbar: at most one input feeds an output at a time (grants and connections are
  // exclusive per output), so the inputs feeding it are OR-ed together.
  logic [NumPorts-1:0][NumVcs-1:0]    xbar_valid;
  logic [NumPorts-1:0][FlitWidth-1:0] xbar_flit;

  always_comb begin
    xbar_valid = '0;
    xbar_flit  = '0;
    for (int q = 0; q < NumPorts; q++) begin
      for (int p = 0; p < NumPorts; p++) begin
        if (src_valid[p] && src_out_port[p] == PortWidth'(q)) begin
          for (int w = 0; w < NumVcs; w++) begin
            if (src_out_vc[p] == VcWidth'(w)) begin
              xbar_valid[q][w] = 1'b1;
            end
          end
          xbar_flit[q] = xbar_flit[q] | src_flit[p];
        end
      end
    end
  end

  // Switch stages: stage 0 is fed by the crossbar, the last one drives the output pins.
  logic [NumSwitchStages-1:0][NumPorts-1:0][NumVcs-1:0]    stage_valid_q;
  logic [NumSwitchStages-1:0][NumPorts-1:0][FlitWidth-1:0] stage_flit_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stage_valid_q <= '0;
      stage_flit_q  <= '0;
    end else begin
      stage_valid_q[0] <= xbar_valid;
      stage_flit_q[0]  <= xbar_flit;
      for (int s = 1; s < NumSwitchStages; s++) begin
        stage_valid_q[s] <= stage_valid_q[s-1];
        stage_flit_q[s]  <= stage_flit_q[s-1];
      end
    end
  end

  assign out_valid_o = stage_valid_q[NumSwitchStages-1];
  assign out_flit_o  = stage_flit_q[NumSwitchStages-1];

  /////////////
  // Credits //
  /////////////

  // A grant takes the packet's credits at once; credits coming back count one each.
  always_comb begin
    for (int q = 0; q < NumPorts; q++) begin
      for (int w = 0; w < NumVcs; w++) begin
        logic [LenWidth-1:0] taken;
        taken = '0;
        for (int p = 0; p < NumPorts; p++) begin
          if (gnt[p] && gnt_port[p] == PortWidth'(q) && gnt_out_vc[p] == VcWidth'(w)) begin
            taken = gnt_len[p];
          end
        end
        credits_d[q][w] = credits_q[q][w] + CreditWidth'(out_credit_i[q][w]) - CreditWidth'(taken);
      end
    end
  end

  // The counters load their initial value at every edge while reset is held, so they are not
  // reset asynchronously (an asynchronous load of a pin value would not be a flop).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int q = 0; q < NumPorts; q++) begin
        for (int w = 0; w < NumVcs; w++) begin
          credits_q[q][w] <= out_credit_init_i[q];
        end
      end
    end else begin
      credits_q <= credits_d;
    end
  end

  assign idle_o = (&fifo_empty) && !(|conn_q) && !(|stage_valid_q);

`ifndef SYNTHESIS
  for (genvar p = 0; p < NumPorts; p++) begin : gen_assert_in_port
    assert property (@(posedge clk_i) disable iff (!rst_ni) $onehot0(in_valid_i[p]))
      else $error("%m: two flits on one input port in one cycle");
  end
`endif

endmodule
